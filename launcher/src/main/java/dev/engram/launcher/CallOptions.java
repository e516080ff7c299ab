package dev.engram.launcher;

import picocli.CommandLine.Option;

/**
 * Which suite a verb calls, as whom, and how it prints: {@code --url/--key} (or {@code
 * ENGRAM_URL/ENGRAM_API_KEY}) for any suite, else the one under {@code $ENGRAM_HOME}; {@code
 * --json} for scripts.
 */
final class CallOptions {

  @Option(
      names = "--url",
      paramLabel = "URL",
      description =
          "the suite at one address: capture's and recall's paths under URL (an Ingress);"
              + " default $ENGRAM_URL, else the suite under $ENGRAM_HOME")
  String url;

  @Option(
      names = "--capture-url",
      paramLabel = "URL",
      description = "capture-service's own address (e.g. a port-forward); overrides --url")
  String captureUrl;

  @Option(
      names = "--recall-url",
      paramLabel = "URL",
      description = "recall-service's own address; overrides --url")
  String recallUrl;

  @Option(
      names = "--key",
      paramLabel = "KEY",
      description =
          "the API key to present; default $ENGRAM_API_KEY (better: not in the process list),"
              + " else $ENGRAM_HOME/secrets/admin.key")
  String key;

  @Option(names = "--json", description = "print the service's answer as it is")
  boolean json;
}
