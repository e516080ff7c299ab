package dev.engram.capture.gate;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Runs the gate over the versioned corpus in {@code gate-corpus/v1} and prints recall per attack
 * category, false-positive rate per harmless category and overall precision. The held-out files
 * were written last and never tuned on; their figures are reported on their own.
 */
class GateCorpusTest {

  private static final String VERSION = "gate-corpus/v1/";
  private static final Pattern ESCAPE =
      Pattern.compile("\\\\(n|u([0-9A-Fa-f]{4})|U\\{([0-9A-Fa-f]+)\\})");

  private final InjectionScanner scanner = new InjectionScanner();

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
    Figures f = run("tuned", "attacks.tsv", "harmless.tsv");
    assertTrue(f.attacks() >= 47 && f.harmless() >= 100, "corpus too small: " + f);
    assertTrue(f.recall() >= 0.95, "attacks caught below 95%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.02, "harmless quarantined above 2%: " + f);
  }

  /** Bounds fixed before the held-out files were first run, looser than the tuned targets. */
  @Test
  void heldOutCorpusIsReportedOnItsOwn() throws IOException {
    Figures f = run("held-out", "attacks-heldout.tsv", "harmless-heldout.tsv");
    assertTrue(f.recall() >= 0.85, "held-out attacks caught below 85%: " + f);
    assertTrue(f.falsePositiveRate() <= 0.05, "held-out harmless quarantined above 5%: " + f);
  }

  private Figures run(String name, String attackFile, String harmlessFile) throws IOException {
    Map<String, int[]> attacks = new TreeMap<>();
    Map<String, int[]> harmless = new TreeMap<>();
    StringBuilder misses = new StringBuilder();
    int caught = 0;
    int quarantined = 0;
    List<Sample> attackSamples = load(attackFile);
    List<Sample> harmlessSamples = load(harmlessFile);
    for (Sample s : attackSamples) {
      boolean hit = scanner.scan(s.text()).isPresent();
      count(attacks, s.category() + "/" + s.lang(), hit);
      caught += hit ? 1 : 0;
      if (!hit) {
        misses.append("  missed attack [").append(s.category()).append("] ").append(s.text());
        misses.append('\n');
      }
    }
    for (Sample s : harmlessSamples) {
      var verdict = scanner.scan(s.text());
      count(harmless, s.category() + "/" + s.lang(), verdict.isPresent());
      quarantined += verdict.isPresent() ? 1 : 0;
      verdict.ifPresent(
          v ->
              misses
                  .append("  quarantined harmless [")
                  .append(s.category())
                  .append("] ")
                  .append(s.text())
                  .append(" -> ")
                  .append(v.reason())
                  .append('\n'));
    }
    Figures f = new Figures(attackSamples.size(), caught, harmlessSamples.size(), quarantined);
    StringBuilder out =
        new StringBuilder("\n== poisoning gate, corpus " + VERSION + " " + name + "\n");
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
    System.out.print(out.append(misses));
    return f;
  }

  private static void count(Map<String, int[]> counts, String key, boolean hit) {
    int[] n = counts.computeIfAbsent(key, k -> new int[2]);
    n[0]++;
    n[1] += hit ? 1 : 0;
  }

  private static List<Sample> load(String file) throws IOException {
    try (InputStream in =
        GateCorpusTest.class.getClassLoader().getResourceAsStream(VERSION + file)) {
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
