package dev.engram.launcher;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./engram quarantine list | release ID | delete ID}: what the poisoning gate held back, for
 * an admin key (capture-service's {@code /v1/quarantine}). A release stores the item as it was; a
 * delete removes it for good.
 */
@Command(name = "quarantine", description = "what the poisoning gate held back (admin key)")
final class QuarantineCommands {

  /** The kinds of item the gate quarantines, as capture's REST names them. */
  enum Type {
    MEMORY,
    EXCHANGE,
    SLOT;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** {@code ID [--type T]}: one quarantined item. */
  static final class Item {

    @Option(
        names = "--type",
        paramLabel = "TYPE",
        defaultValue = "memory",
        description = "memory (default), exchange or slot")
    Type type;

    @Parameters(paramLabel = "ID")
    long id;
  }

  private final MemoryCommands memory;
  private final PrintStream out;

  QuarantineCommands(MemoryCommands memory, PrintStream out) {
    this.memory = memory;
    this.out = out;
  }

  @Command(name = "list", description = "quarantined items, newest first")
  int list(
      @Mixin CallOptions call,
      @Mixin PageOptions pages,
      @Option(names = "--type", paramLabel = "TYPE", description = "only memory, exchange or slot")
          Type type) {
    String path = pages.path("/v1/quarantine", "type", type);
    Map<String, Object> page = memory.calls(call).callForMap(Component.CAPTURE, c -> c.get(path));
    PageOptions.print(
        page, out, "Nothing in quarantine" + (type == null ? "" : " of type " + type), this::print);
    return 0;
  }

  /** {@code memory #42 agent a, chat c, <when>: <why>} and the text, indented. */
  private void print(Map<String, Object> item) {
    out.printf(
        "%-8s #%-6s agent %s%s, %s: %s%n",
        item.get("type"),
        item.get("id"),
        item.get("agent"),
        item.get("chat") == null ? "" : ", chat " + item.get("chat"),
        item.get("created_at"),
        item.get("reason"));
    out.println("  " + String.valueOf(item.get("text")).replaceAll("\\s+", " ").strip());
  }

  @Command(name = "release", description = "store item ID as it was (it was a false alarm)")
  int release(@Mixin CallOptions call, @Mixin Item item) {
    Type t = item.type;
    long id = item.id;
    Map<String, Object> released =
        memory
            .calls(call)
            .callForMap(
                Component.CAPTURE,
                c -> c.post("/v1/quarantine/" + t + "/" + id + "/release", "{}"));
    if (released != null) {
      out.printf(
          "Released %s #%d: now %s%n",
          t, id, String.valueOf(released.get("status")).toLowerCase(Locale.ROOT));
    }
    return 0;
  }

  @Command(name = "delete", description = "delete quarantined item ID for good")
  int delete(@Mixin CallOptions call, @Mixin Item item) {
    Type t = item.type;
    long id = item.id;
    if (memory
            .calls(call)
            .callForMap(Component.CAPTURE, c -> c.delete("/v1/quarantine/" + t + "/" + id))
        != null) {
      out.printf("Deleted quarantined %s #%d%n", t, id);
    }
    return 0;
  }
}
