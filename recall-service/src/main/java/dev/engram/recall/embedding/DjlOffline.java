package dev.engram.recall.embedding;

/**
 * Keeps DJL (the tokenizer's host library) from phoning home or downloading anything. DJL reads the
 * env vars OPT_OUT_TRACKING and DJL_OFFLINE first and falls back to these system properties, so
 * setting them here covers a start without the env vars.
 */
final class DjlOffline {

  private DjlOffline() {}

  static void enforce() {
    setIfAbsent("OPT_OUT_TRACKING", "true");
    setIfAbsent("ai.djl.offline", "true");
  }

  private static void setIfAbsent(String key, String value) {
    if (System.getProperty(key) == null) {
      System.setProperty(key, value);
    }
  }
}
