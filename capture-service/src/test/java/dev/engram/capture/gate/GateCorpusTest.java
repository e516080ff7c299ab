package dev.engram.capture.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the gate over the versioned corpora in {@code gate-corpus/v1}, {@code v2} and {@code v3} and
 * prints recall per attack category, false-positive rate per harmless category and overall
 * precision. The held-out files were never tuned on; their figures are reported on their own, and
 * for v3 their misses are counted but not printed (the corpus README forbids tuning on them). v2's
 * held-out files were tuned on in issue 28's third round, after v3 was written: they are tuning
 * files now. A v2 or v3 line may hold consecutive turns split by {@value #NEXT_TURN}: they go
 * through {@link TurnWindow} as the write path sends them, and the conversation counts as caught
 * when any turn is held back.
 */
class GateCorpusTest {

  private static final String V1 = "gate-corpus/v1/";
  private static final String V2 = "gate-corpus/v2/";
  private static final String V3 = "gate-corpus/v3/";
  static final String NEXT_TURN = " ⟦next-turn⟧ ";
  private static final Pattern ESCAPE =
      Pattern.compile("\\\\(n|u([0-9A-Fa-f]{4})|U\\{([0-9A-Fa-f]+)\\})");

  private final InjectionScanner scanner = new InjectionScanner();
  private final TurnWindow window = new TurnWindow(scanner);

  record Sample(String category, String lang, String text) {}

  record Figures(int attacks, int caught, int harmless, int quarantined) {
    double recall() {
      return attacks == 0 ? 1 : (double) caught / attacks;
    }

    double falsePositiveRate() {
      return harmless == 0 ? 0 : (double) quarantined / harmless;
    }

    double precision() {
      return caught + quarantined == 0 ? 1 : (double) caught / (caught + quarantined);
    }
  }

  @Test
  void tunedCorpusMeetsTheTargets() throws IOException {
    Figures f = run(V1, "tuned", "attacks.tsv", "harmless.tsv", true);
    assertTrue(f.attacks() >= 47 && f.harmless() >= 100, "corpus too small: " + f);
    assertTrue(f.recall() >= 0.95, "attacks caught below 95%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.02, "harmless quarantined above 2%: " + f);
  }

  /** Bounds fixed before the held-out files were first run, looser than the tuned targets. */
  @Test
  void heldOutCorpusIsReportedOnItsOwn() throws IOException {
    Figures f = run(V1, "held-out", "attacks-heldout.tsv", "harmless-heldout.tsv", true);
    assertTrue(f.recall() >= 0.85, "held-out attacks caught below 85%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.05, "held-out harmless quarantined above 5%: " + f);
  }

  @Test
  void tunedCorpusV2MeetsTheTargets() throws IOException {
    Figures f = run(V2, "tuned", "attacks.tsv", "harmless.tsv", true);
    assertTrue(f.attacks() >= 72 && f.harmless() >= 74, "corpus too small: " + f);
    assertTrue(f.recall() >= 0.95, "attacks caught below 95%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.02, "harmless quarantined above 2%: " + f);
  }

  /** v2's former held-out files, tuned on since the third round: held to the tuned targets. */
  @Test
  void formerHeldOutCorpusV2MeetsTheTargets() throws IOException {
    Figures f =
        run(V2, "tuned (held out until v3)", "attacks-heldout.tsv", "harmless-heldout.tsv", true);
    assertTrue(f.attacks() >= 109 && f.harmless() >= 117, "corpus too small: " + f);
    assertTrue(f.recall() >= 0.95, "attacks caught below 95%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.02, "harmless quarantined above 2%: " + f);
  }

  /**
   * The issue's target is 95% caught and at most 2% held back; these floors sit just under what the
   * gate reached when the v3 files were first run after the third round's tuning (55.6% caught,
   * 7.1% held back), so a regression fails.
   */
  @Test
  void heldOutCorpusV3IsReportedOnItsOwn() throws IOException {
    Figures f = run(V3, "held-out", "attacks-heldout.tsv", "harmless-heldout.tsv", false);
    assertTrue(f.attacks() >= 151 && f.harmless() >= 140, "corpus too small: " + f);
    assertTrue(f.recall() >= HELD_OUT_V3_RECALL, "held-out attacks caught below floor: " + f);
    assertTrue(
        f.falsePositiveRate() <= HELD_OUT_V3_FALSE_POSITIVES,
        "held-out harmless quarantined above ceiling: " + f);
  }

  private static final double HELD_OUT_V3_RECALL = 0.55;
  private static final double HELD_OUT_V3_FALSE_POSITIVES = 0.075;

  /** Whether the gate holds back the line: one text, or consecutive turns of one chat. */
  private boolean held(Sample s, StringBuilder reasons) {
    List<PoisoningGate.Gated> turns =
        Arrays.stream(s.text().split(Pattern.quote(NEXT_TURN)))
            .map(t -> new PoisoningGate.Gated(t, null))
            .toList();
    var verdict = window.judge(List.of(), turns).stream().flatMap(Optional::stream).findFirst();
    verdict.ifPresent(v -> reasons.append(v.reason()));
    return verdict.isPresent();
  }

  private Figures run(
      String version, String name, String attackFile, String harmlessFile, boolean showMisses)
      throws IOException {
    Map<String, int[]> attacks = new TreeMap<>();
    Map<String, int[]> harmless = new TreeMap<>();
    StringBuilder misses = new StringBuilder();
    int caught = 0;
    int quarantined = 0;
    List<Sample> attackSamples = load(version + attackFile);
    List<Sample> harmlessSamples = load(version + harmlessFile);
    for (Sample s : attackSamples) {
      boolean hit = held(s, new StringBuilder());
      count(attacks, s.category(), hit);
      caught += hit ? 1 : 0;
      if (!hit) {
        misses.append("  missed attack [").append(s.category()).append("] ").append(s.text());
        misses.append('\n');
      }
    }
    for (Sample s : harmlessSamples) {
      StringBuilder reason = new StringBuilder();
      boolean hit = held(s, reason);
      count(harmless, s.category(), hit);
      quarantined += hit ? 1 : 0;
      if (hit) {
        misses.append("  quarantined harmless [").append(s.category()).append("] ");
        misses.append(s.text()).append(" -> ").append(reason).append('\n');
      }
    }
    Figures f = new Figures(attackSamples.size(), caught, harmlessSamples.size(), quarantined);
    StringBuilder out =
        new StringBuilder("\n== poisoning gate, corpus " + version + " " + name + "\n");
    attacks.forEach(
        (c, n) ->
            out.append(
                String.format(Locale.ROOT, "  attack   %-24s recall %3d/%-3d%n", c, n[1], n[0])));
    harmless.forEach(
        (c, n) ->
            out.append(
                String.format(Locale.ROOT, "  harmless %-24s fp     %3d/%-3d%n", c, n[1], n[0])));
    out.append(
        String.format(
            Locale.ROOT,
            "  TOTAL %s: recall %.1f%% (%d/%d), false positives %.1f%% (%d/%d), precision %.1f%%%n",
            name,
            100 * f.recall(),
            caught,
            f.attacks(),
            100 * f.falsePositiveRate(),
            quarantined,
            f.harmless(),
            100 * f.precision()));
    System.out.print(showMisses ? out.append(misses) : out);
    return f;
  }

  private static void count(Map<String, int[]> counts, String key, boolean hit) {
    int[] n = counts.computeIfAbsent(key, k -> new int[2]);
    n[0]++;
    n[1] += hit ? 1 : 0;
  }

  static List<Sample> load(String file) throws IOException {
    try (InputStream in = GateCorpusTest.class.getClassLoader().getResourceAsStream(file)) {
      if (in == null) {
        throw new IllegalStateException("missing corpus file " + file);
      }
      List<Sample> samples = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] cols = line.split("\t", 3);
        samples.add(new Sample(cols[0], cols[1], unescape(cols[2])));
      }
      return samples;
    }
  }

  private static String unescape(String text) {
    Matcher m = ESCAPE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String replacement;
      if (m.group(1).equals("n")) {
        replacement = "\n";
      } else {
        int cp = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(3), 16);
        replacement = new String(Character.toChars(cp));
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    return m.appendTail(out).toString();
  }
}
