package dev.engram.capture.gate;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every write path asks the gate before storing text: a hit means "store it QUARANTINED with this
 * reason". Counts hits per target type and kind ({@code engram_gate_quarantined_total}).
 */
@ApplicationScoped
public class PoisoningGate {

  private final InjectionScanner scanner;
  private final MeterRegistry registry;

  PoisoningGate(InjectionScanner scanner, MeterRegistry registry) {
    this.scanner = scanner;
    this.registry = registry;
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
    Optional<InjectionScanner.Verdict> verdict = scanner.scan(text);
    if (verdict.isEmpty() && metadata != null) {
      verdict =
          metadata.entrySet().stream().map(this::scanEntry).flatMap(Optional::stream).findFirst();
    }
    return record(targetType, verdict);
  }

  private Optional<InjectionScanner.Verdict> scanEntry(Map.Entry<String, String> e) {
    return scanner
        .scan(e.getKey())
        .or(() -> scanner.scan(e.getValue()))
        .map(
            v ->
                new InjectionScanner.Verdict(
                    v.findings().stream()
                        .map(
                            f ->
                                new InjectionScanner.Finding(
                                    f.kind(), "metadata." + e.getKey() + " " + f.evidence()))
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
