package dev.engram.launcher;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./engram promotions list | approve ID | reject ID}: the proposals to make a memory part of
 * an agent's identity or a canonical fact (capture-service's {@code /v1/promotions}); deciding
 * needs an admin key.
 */
@Command(name = "promotions", description = "proposals for identity and canonical facts")
final class PromotionCommands {

  /** Where a proposal stands, as capture's REST names it. */
  enum Status {
    PENDING,
    APPROVED,
    REJECTED;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** {@code ID [--reason TEXT]}: an admin's decision on one proposal. */
  static final class Decision {

    @Option(names = "--reason", paramLabel = "TEXT", description = "why (kept with it)")
    String reason;

    @Parameters(paramLabel = "ID")
    long id;
  }

  private final MemoryCommands memory;
  private final PrintStream out;

  PromotionCommands(MemoryCommands memory, PrintStream out) {
    this.memory = memory;
    this.out = out;
  }

  @Command(name = "list", description = "the proposals, oldest first")
  int list(
      @Mixin CallOptions call,
      @Mixin PageOptions pages,
      @Option(names = "--status", paramLabel = "S", description = "pending, approved or rejected")
          Status status) {
    String path = pages.path("/v1/promotions", "status", status);
    Map<String, Object> page = memory.calls(call).callForMap(Component.CAPTURE, c -> c.get(path));
    PageOptions.print(
        page, out, "No promotions" + (status == null ? "" : " " + status), this::print);
    return 0;
  }

  @Command(name = "approve", description = "make proposal ID part of the agent's memory")
  int approve(@Mixin CallOptions call, @Mixin Decision decision) {
    return decide(call, decision, "approve");
  }

  @Command(name = "reject", description = "turn proposal ID down")
  int reject(@Mixin CallOptions call, @Mixin Decision decision) {
    return decide(call, decision, "reject");
  }

  private int decide(CallOptions call, Decision decision, String verb) {
    String body =
        decision.reason == null ? "{}" : "{\"reason\":" + Json.quote(decision.reason) + "}";
    String path = "/v1/promotions/" + decision.id + "/" + verb;
    Map<String, Object> decided =
        memory.calls(call).callForMap(Component.CAPTURE, c -> c.post(path, body));
    if (decided != null) {
      print(decided);
    }
    return 0;
  }

  /** {@code #7 PENDING identity memory #42 0.91 (5 days, 3 sessions)} and the text, indented. */
  private void print(Map<String, Object> p) {
    out.printf(
        Locale.ROOT,
        "#%-5s %-8s %-9s %s #%s  %.2f (%s days, %s sessions)%n",
        p.get("id"),
        p.get("status"),
        String.valueOf(p.get("kind")).toLowerCase(Locale.ROOT),
        p.get("target_type"),
        p.get("target_id"),
        p.get("confidence") instanceof Number n ? n.doubleValue() : Double.NaN,
        p.get("days"),
        p.get("sessions"));
    out.println("  " + String.valueOf(p.get("text")).replaceAll("\\s+", " ").strip());
  }
}
