package dev.engram.capture.gate;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every write path asks the gate before storing text: a hit means "store it QUARANTINED with this
 * reason". Counts hits per target type and kind ({@code engram_gate_quarantined_total}). The scan
 * costs about 5–15 ms per 1,000 characters, so request paths use {@link #screen} and {@link
 * #screenTurns}, which run it on a worker thread rather than the event loop (where it stalled every
 * other request).
 */
@ApplicationScoped
public class PoisoningGate {

  private final InjectionScanner scanner;
  private final MeterRegistry registry;
  private final Vertx vertx;
  private final TurnWindow window;

  /** A text to screen with its metadata (null when it has none). */
  public record Gated(String text, Map<String, String> metadata) {}

  PoisoningGate(InjectionScanner scanner, MeterRegistry registry, Vertx vertx) {
    this.scanner = scanner;
    this.registry = registry;
    this.vertx = vertx;
    this.window = new TurnWindow(scanner);
  }

  /**
   * {@link #check(String, String, Map)} on a worker thread; the answer comes back on the caller's
   * Vert.x context, which Hibernate Reactive needs. The write paths bound the text's size first.
   */
  public Uni<Optional<String>> screen(
      String targetType, String text, Map<String, String> metadata) {
    return vertx.executeBlocking(Uni.createFrom().item(() -> check(targetType, text, metadata)));
  }

  /** The quarantine reason for {@code text} written as a {@code targetType}, if any. */
  public Optional<String> check(String targetType, String text) {
    return record(targetType, scanner.scan(text));
  }

  /**
   * The same for a text with its metadata: every key and value is scanned like the text, and a
   * flagged one quarantines the whole item (the reason names the key).
   */
  public Optional<String> check(String targetType, String text, Map<String, String> metadata) {
    return record(targetType, scanner.scan(text, metadata));
  }

  /**
   * Consecutive turns of one chat, judged by {@link TurnWindow} on a worker thread: one answer per
   * turn, in order. {@code earlier} are the chat's clean turns before them, oldest first.
   */
  public Uni<List<Optional<String>>> screenTurns(
      String targetType, List<String> earlier, List<Gated> turns) {
    if (turns.isEmpty()) {
      return Uni.createFrom().item(List.of());
    }
    return vertx.executeBlocking(
        Uni.createFrom()
            .item(
                () ->
                    window.judge(earlier, turns).stream()
                        .map(v -> record(targetType, v))
                        .toList()));
  }

  private Optional<String> record(String targetType, Optional<InjectionScanner.Verdict> verdict) {
    verdict.ifPresent(
        v ->
            v.findings()
                .forEach(
                    f ->
                        Counter.builder("engram.gate.quarantined")
                            .description("Writes quarantined by the poisoning gate")
                            .tag("target_type", targetType)
                            .tag("kind", f.kind().name().toLowerCase(Locale.ROOT))
                            .register(registry)
                            .increment()));
    return verdict.map(InjectionScanner.Verdict::reason);
  }
}
