package dev.engram.launcher;

import java.io.PrintStream;
import java.util.List;

/** What {@code ./engram up} prints once everything is ready: where it is and what to do next. */
final class UpSummary {

  private final Suite suite;
  private final PrintStream out;

  UpSummary(Suite suite, PrintStream out) {
    this.suite = suite;
    this.out = out;
  }

  void print(List<Component> started) {
    String home = suite.home().toString();
    boolean all = started.size() == Component.values().length;
    out.println(all ? "Engram is up." : "Started: " + ids(started) + ".");
    out.println();
    for (Component c : started) {
      switch (c) {
        case POSTGRES ->
            out.printf(
                "  %-16s %s  (user postgres, local connections only)%n",
                c.displayName(), suite.url(c));
        case NEO4J ->
            out.printf(
                "  %-16s %s  (user neo4j, password in %s/secrets/neo4j.password)%n",
                c.displayName(), suite.url(c), home);
        case CONSOLE ->
            out.printf(
                "  %-16s %-24s open it in a browser, sign in with the API key below%n",
                c.displayName(), suite.url(c));
        default ->
            out.printf(
                "  %-16s %-24s swagger-ui: %s/q/swagger-ui%n",
                c.displayName(), suite.url(c), suite.url(c));
      }
    }
    out.println();
    out.println("API key (tenant \"local\", roles agent, admin, ops; also in secrets/admin.key):");
    out.println("  " + suite.adminKey());
    out.println();
    out.println("Logs:  " + home + "/logs   (./engram logs [component])");
    out.println("Data:  " + home + "/data   backups: " + home + "/backups");
    out.println("Stop:  ./engram down   (data and keys are kept; ./engram up starts it again)");
    if (started.contains(Component.CAPTURE) && started.contains(Component.RECALL)) {
      out.println();
      out.println("Next:");
      out.println("  ./engram demo");
      out.println("  curl -s " + suite.url(Component.RECALL) + "/v1/recall \\");
      out.println("    -H \"Authorization: Bearer $(cat " + home + "/secrets/admin.key)\" \\");
      out.println("    -H 'Content-Type: application/json' \\");
      out.println(
          "    -d '{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"query\":\"what do I like?\","
              + "\"k\":5}'");
    }
  }

  private static String ids(List<Component> components) {
    return String.join(", ", components.stream().map(Component::id).toList());
  }
}
