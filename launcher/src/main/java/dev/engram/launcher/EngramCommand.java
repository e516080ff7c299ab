package dev.engram.launcher;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ScopeType;

/**
 * The verbs of {@code ./engram} and their options, as picocli reads them; each verb hands its
 * arguments to the class that does the work (like a thin REST resource). {@code session}, {@code
 * key}, {@code quarantine} and {@code promotions} are groups with verbs of their own.
 */
@Command(
    name = "./engram",
    synopsisSubcommandLabel = "<command>",
    description = "Engram on this machine, or any suite by --url and --key.",
    footerHeading = "%n",
    footer = {
      "bench <command>: benchmarks against the running suite (locomo, score, load; bench/README.md).",
      "mcp: MCP over stdin/stdout for desktop clients, forwarded to the suite's /mcp"
          + " (ENGRAM_URL, ENGRAM_API_KEY, ENGRAM_AGENT/CHAT/MODE; docs/gateways.md section 6).",
      "The memory, session and review verbs take --url/--key (or ENGRAM_URL/ENGRAM_API_KEY) and"
          + " --json; exit codes: 0 done, 1 refused, 2 usage error, 3 suite not reachable.",
      "Components: postgres, neo4j, capture, recall, graph, vault, console.",
      "Environment: ENGRAM_HOME (data, backups, logs, keys; default <repo>/.engram),"
          + " ENGRAM_UP_TIMEOUT (seconds up may take, default 180), ENGRAM_<C>_PORT (another port"
          + " for a component), ENGRAM_URL, ENGRAM_API_KEY.",
      "./engram <command> --help: a command's options.%n"
    })
final class EngramCommand {

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      scope = ScopeType.INHERIT,
      description = "this text")
  boolean help;

  /** The parsed command line, for {@code help}. */
  CommandLine line;

  private final EngramCli cli;
  private final MemoryCommands memory;
  private final SessionCommands sessions;
  private final Path home;
  private final PrintStream out;
  private final PrintStream err;
  private final InputStream in;

  EngramCommand(
      EngramCli cli,
      Path home,
      Map<String, String> env,
      PrintStream out,
      PrintStream err,
      InputStream in) {
    this.cli = cli;
    this.memory = new MemoryCommands(home, env, out);
    this.sessions = new SessionCommands(memory, out);
    this.home = home;
    this.out = out;
    this.err = err;
    this.in = in;
  }

  /** The groups with verbs of their own. */
  List<Object> groups(KeyCommands keys) {
    return List.of(
        sessions, keys, new QuarantineCommands(memory, out), new PromotionCommands(memory, out));
  }

  @Command(name = "help", description = "this text; help COMMAND...: that command's options")
  int help(@Parameters(paramLabel = "COMMAND", arity = "0..*") List<String> names) {
    CommandLine shown = line;
    for (String name : names == null ? List.<String>of() : names) {
      shown = shown.getSubcommands().get(name);
      if (shown == null) {
        throw new UsageError(
            "no command " + String.join(" ", names) + " (./engram help lists them)");
      }
    }
    shown.usage(out);
    return 0;
  }

  @Command(
      name = "up",
      description =
          "build what is missing, start Engram in the background, wait until it is ready and"
              + " print where everything is (again: harmless)")
  int up(@Parameters(paramLabel = "COMPONENT", arity = "0..*") List<String> components) {
    return cli.up(EngramCli.components(components));
  }

  @Command(name = "down", description = "stop Engram (data and keys are kept)")
  int down(@Parameters(paramLabel = "COMPONENT", arity = "0..*") List<String> components) {
    return cli.down(EngramCli.components(components));
  }

  @Command(
      name = "status",
      description =
          "each component: running or stopped, pid, port, ready (exit code 0 when everything is"
              + " up, 3 otherwise)")
  int status() {
    return cli.status();
  }

  @Command(name = "logs", description = "follow a component's log, or all of them")
  int logs(@Parameters(paramLabel = "COMPONENT", arity = "0..*") List<String> components) {
    return cli.logs(EngramCli.components(components));
  }

  @Command(
      name = "demo",
      description = "store a short conversation and a few memories, then recall them")
  int demo() throws IOException, InterruptedException {
    return cli.demo();
  }

  @Command(
      name = "backup",
      description = "take a backup now (vault-service), follow it, print its id, size and counts")
  int backup() throws InterruptedException {
    return vault().backup();
  }

  @Command(name = "backups", description = "the backups in the catalog, newest first")
  int backups() {
    return vault().backups();
  }

  @Command(name = "verify", description = "read a backup end to end: intact, or what is damaged")
  int verify(@Parameters(paramLabel = "ID") String id) {
    return vault().verify(id);
  }

  @Command(
      name = "restore",
      description =
          "restore a backup into capture, graph and recall and follow it; replace (default)"
              + " empties every tenant first and asks to confirm unless --yes")
  int restore(
      @Option(names = "--merge", description = "upsert instead of replacing") boolean merge,
      @Option(names = "--dry-run", description = "change nothing, print what would change")
          boolean dryRun,
      @Option(
              names = {"--yes", "-y"},
              description = "replace without asking")
          boolean yes,
      @Parameters(paramLabel = "ID|latest") String backup)
      throws Exception {
    return vault().restore(new VaultCommands.RestoreOptions(backup, merge, dryRun, yes));
  }

  @Command(
      name = "audit",
      description =
          "check the record's hashes and audit log, record vs index vs graph per tenant, graph"
              + " orphans, centrality spikes and contradictions (exit code 1 when anything is"
              + " found)")
  int audit() {
    return vault().audit();
  }

  @Command(name = "remember", description = "store a memory (CHAT scope with --chat, else AGENT)")
  int remember(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Parameters(paramLabel = "TEXT", arity = "1..*") List<String> text) {
    return memory.remember(who, call, text);
  }

  @Command(name = "recall", description = "the N best memories and exchanges for QUERY")
  int recall(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Option(names = "--k", paramLabel = "N", description = "how many (default 10)") Integer k,
      @Parameters(paramLabel = "QUERY", arity = "1..*") List<String> query) {
    return memory.recall(who, call, k, query);
  }

  @Command(name = "context", description = "the context block an agent gets each turn")
  int context(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Option(names = "--budget", paramLabel = "TOKENS", description = "default 2000")
          Integer budget,
      @Parameters(paramLabel = "QUERY", arity = "0..*") List<String> query) {
    return memory.context(who, call, budget, query);
  }

  @Command(name = "forget", description = "delete memory ID (tenant-wide: no --agent/--chat)")
  int forget(@Mixin CallOptions call, @Parameters(paramLabel = "ID") String id) {
    return memory.forget(call, id);
  }

  @Command(name = "stats", description = "the tenant at a glance (needs the admin or ops role)")
  int stats(@Mixin CallOptions call) {
    return memory.stats(call);
  }

  @Command(
      name = "check",
      description =
          "checkpoint before compacting a context: what was going on and the open commitments,"
              + " shown by the next context or session start (--agent A required)")
  int check(
      @Mixin Who who,
      @Mixin CallOptions call,
      @Option(names = "--summary", paramLabel = "TEXT", description = "what was going on")
          String summary,
      @Option(names = "--commitment", paramLabel = "TEXT", description = "an open commitment")
          List<String> commitments,
      @Parameters(paramLabel = "SESSION") String session) {
    return sessions.check(who, call, summary, commitments, session);
  }

  @Command(
      name = "reindex",
      description =
          "rebuild the tenant's index and graph from the record (admin key) and follow the"
              + " outbox until it is drained")
  int reindex(
      @Mixin CallOptions call,
      @Option(names = "--target", paramLabel = "T", description = "only recall or graph")
          ReindexCommand.Target target,
      @Option(names = "--no-wait", description = "return once the rebuild is queued")
          boolean noWait,
      @Option(names = "--timeout", paramLabel = "SECONDS", description = "default 600")
          Integer timeout)
      throws InterruptedException {
    return new ReindexCommand(memory, out, 500).run(call, target, noWait, timeout);
  }

  private VaultCommands vault() {
    return new VaultCommands(
        ServiceClient.vault(home),
        out,
        err,
        new BufferedReader(new InputStreamReader(in, Charset.defaultCharset())),
        500);
  }
}
