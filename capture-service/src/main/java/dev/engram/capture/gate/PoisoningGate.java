package dev.engram.capture.gate;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Locale;
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
    Optional<InjectionScanner.Verdict> verdict = scanner.scan(text);
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
