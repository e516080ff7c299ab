package dev.engram.bench;

import dev.engram.bench.capture.CaptureCommand;
import dev.engram.bench.graph.GraphBench;
import dev.engram.bench.load.FairnessCommand;
import dev.engram.bench.load.LoadCommand;
import dev.engram.bench.load.McpCommand;
import dev.engram.bench.locomo.CompareCommand;
import dev.engram.bench.locomo.LocomoCommand;
import dev.engram.bench.locomo.ScoreCommand;
import dev.engram.bench.replicate.ReplicateCommand;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code ./engram bench <command>}: benchmarks of a running suite over its public REST API. */
public final class BenchMain {

  static final String USAGE =
      "usage: ./engram bench <command> [flags]\n\n"
          + LocomoCommand.USAGE
          + "\n"
          + ScoreCommand.USAGE
          + "\n"
          + CompareCommand.USAGE
          + "\n"
          + CaptureCommand.USAGE
          + "\n"
          + LoadCommand.USAGE
          + "\n"
          + McpCommand.USAGE
          + "\n"
          + FairnessCommand.USAGE
          + "\n"
          + GraphBench.USAGE
          + "\n"
          + ReplicateCommand.USAGE
          + "\n"
          + Target.USAGE;

  private BenchMain() {}

  public static void main(String[] args) {
    int code = run(args, System.getenv(), System.out, System.err);
    System.out.flush();
    System.exit(code);
  }

  static int run(String[] argv, Map<String, String> env, PrintStream out, PrintStream err) {
    String command = argv.length == 0 ? "help" : argv[0];
    List<String> rest = Arrays.asList(argv).subList(Math.min(1, argv.length), argv.length);
    try {
      return switch (command) {
        case "locomo" -> LocomoCommand.run(Args.parse(rest, Set.of()), env, out);
        case "score" -> ScoreCommand.run(Args.parse(rest, Set.of()), out);
        case "compare" -> CompareCommand.run(Args.parse(rest, Set.of()), out);
        case "capture" -> CaptureCommand.run(Args.parse(rest, Set.of()), env, out);
        case "load" -> LoadCommand.run(Args.parse(rest, Set.of("skip-ingest")), env, out);
        case "mcp" -> McpCommand.run(Args.parse(rest, Set.of("skip-ingest")), env, out);
        case "fairness" -> FairnessCommand.run(Args.parse(rest, Set.of()), env, out);
        case "fairness-flood" -> FairnessCommand.floodOnly(Args.parse(rest, Set.of()), env, out);
        case "graph" -> GraphBench.run(Args.parse(rest, Set.of("skip-ingest")), env, out);
        case "replicate" -> ReplicateCommand.run(Args.parse(rest, Set.of()), env, out);
        case "help", "-h", "--help" -> {
          out.print(USAGE);
          yield 0;
        }
        default -> {
          err.println("unknown bench command: " + command);
          err.print(USAGE);
          yield 2;
        }
      };
    } catch (IllegalArgumentException e) {
      err.println("bench " + command + ": " + e.getMessage());
      err.println("(./engram bench help lists the flags)");
      return 2;
    } catch (IOException e) {
      err.println("bench " + command + " failed: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 130;
    }
  }
}
