package dev.engram.bench.locomo;

import dev.engram.bench.Args;
import java.io.IOException;
import java.io.PrintStream;

/** {@code bench compare}: two results files of the same questions, list by list, no suite. */
public final class CompareCommand {

  public static final String USAGE =
      """
        compare --a RESULTS.jsonl --b RESULTS.jsonl   the same questions in two runs (e.g. an
                              empty and a crowded tenant): same top 10 / top 50 / scores, and
                              differing lists explained by a skipped signal
      """;

  private CompareCommand() {}

  public static int run(Args args, PrintStream out) throws IOException {
    var a = ResultLine.read(args.path("a"));
    var b = ResultLine.read(args.path("b"));
    args.finish();
    out.print("a: ");
    SkippedSignals.of(a).print(out);
    out.print("b: ");
    SkippedSignals.of(b).print(out);
    ResultComparison.of(a, b).print(out);
    return 0;
  }
}
