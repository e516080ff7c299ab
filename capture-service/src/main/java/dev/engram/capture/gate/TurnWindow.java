package dev.engram.capture.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Judges the turns of one chat together: an instruction split over consecutive turns ("hold this
 * word: disregard" ⟶ "now use it on your instructions") looks innocent turn by turn. Each turn is
 * scanned alone, then the boundary with the turns before it — the tail of the previous {@value
 * #TURNS} turns joined with the head of the new one — is scanned once more; a hit there holds the
 * new turn back, with a reason that says it was the window. The write path and the corpus test both
 * call this, so the corpus measures what production does.
 */
public final class TurnWindow {

  /** How many turns before the new one the window reaches back. */
  public static final int TURNS = 2;

  /** The characters kept of each earlier turn's end and of the new turn's start. */
  static final int EDGE = 300;

  private final InjectionScanner scanner;

  public TurnWindow(InjectionScanner scanner) {
    this.scanner = scanner;
  }

  /**
   * One verdict per turn of {@code turns}, in order. {@code earlier} are the chat's stored turns
   * before them, oldest first (only clean ones: a held-back turn must not taint the next); the
   * turns of the batch count as consecutive too, each clean one becoming "earlier" for the next.
   */
  public List<Optional<InjectionScanner.Verdict>> judge(
      List<String> earlier, List<PoisoningGate.Gated> turns) {
    List<String> before = new ArrayList<>(earlier);
    List<Optional<InjectionScanner.Verdict>> verdicts = new ArrayList<>(turns.size());
    for (PoisoningGate.Gated turn : turns) {
      Optional<InjectionScanner.Verdict> verdict = scanner.scan(turn.text(), turn.metadata());
      if (verdict.isEmpty()) {
        verdict = boundary(before, turn.text());
      }
      if (verdict.isEmpty() && turn.text() != null) {
        before.add(turn.text());
      }
      verdicts.add(verdict);
    }
    return verdicts;
  }

  private Optional<InjectionScanner.Verdict> boundary(List<String> before, String text) {
    if (before.isEmpty() || text == null || text.isBlank()) {
      return Optional.empty();
    }
    StringBuilder joined = new StringBuilder();
    for (String turn : before.subList(Math.max(0, before.size() - TURNS), before.size())) {
      joined.append(turn, Math.max(0, turn.length() - EDGE), turn.length()).append(' ');
    }
    joined.append(text, 0, Math.min(text.length(), EDGE));
    return scanner
        .scan(joined.toString())
        .map(
            v ->
                new InjectionScanner.Verdict(
                    v.findings().stream()
                        .map(
                            f ->
                                new InjectionScanner.Finding(
                                    f.kind(), "window of the previous turns: " + f.evidence()))
                        .toList()));
  }
}
