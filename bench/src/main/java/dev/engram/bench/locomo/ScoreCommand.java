package dev.engram.bench.locomo;

import dev.engram.bench.Args;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code bench score}: the metrics of a RESULTS.jsonl against its data file, without a suite. */
public final class ScoreCommand {

  public static final String USAGE =
      """
        score --results RESULTS.jsonl --data FILE   recompute the metrics of a results file
          --conversations A,B only these conversations (e.g. one half of the dev file)
          --json FILE         also write them as JSON
      """;

  private ScoreCommand() {}

  public static int run(Args args, PrintStream out) throws IOException {
    Path results = args.path("results");
    Path data = args.path("data");
    String json = args.string("json", null);
    String only = args.string("conversations", null);
    args.finish();
    RetrievalMetrics.Report report =
        RetrievalMetrics.score(
            LocomoData.select(LocomoData.read(data), only), ResultLine.read(results));
    MetricsTable.print(report, out);
    if (json != null) {
      Files.writeString(
          Path.of(json), MetricsTable.json(report).toPrettyString() + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }
}
