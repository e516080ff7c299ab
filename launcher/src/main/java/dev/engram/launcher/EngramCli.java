package dev.engram.launcher;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * The command behind {@code ./engram}: {@code up | down | status | demo | backup | backups | verify
 * | restore | audit | remember | recall | context | forget | stats | session | check | key | help}
 * for the suite under {@code $ENGRAM_HOME} (default {@code <repo>/.engram}). The script finds the
 * JDK, builds what is missing and tails logs; everything else happens here.
 */
public final class EngramCli {

  static final String USAGE =
      """
      usage: ./engram <command>

        up [component...]    build what is missing, start Engram in the background, wait until
                             it is ready and print where everything is (again: harmless)
        down [component...]  stop Engram (data and keys are kept)
        status               each component: running or stopped, pid, port, ready
                             (exit code 0 when everything is up, 3 otherwise)
        logs [component]     follow a component's log, or all of them
        demo                 store a short conversation and a few memories, then recall them
        backup               take a backup now (vault-service), follow it, print its id, size
                             and counts
        backups              the backups in the catalog, newest first
        verify <id>          read a backup end to end: intact, or what is damaged
        restore <id|latest> [--merge] [--dry-run] [--yes]
                             restore a backup into capture, graph and recall and follow it;
                             replace (default) empties every tenant first and asks to confirm
                             unless --yes; --merge upserts; --dry-run changes nothing and
                             prints what would change
        audit                check the record's hashes and audit log, record vs index vs graph
                             per tenant, graph orphans, centrality spikes and contradictions
                             (exit code 1 when anything is found)
        bench <command>      benchmarks against the running suite: locomo, score, load
                             (see bench/README.md; results in BENCHMARKS.md)
        help                 this text

      memory of the running suite (--agent A, default cli; --chat C; --thread T; --json prints
      the service's answer as it is; exit code 1 refused, 2 usage error, 3 suite not reachable):
        remember TEXT        store a memory (CHAT scope with --chat, else AGENT)
        recall QUERY [--k N] the N best memories and exchanges for QUERY (default 10)
        context [QUERY] [--budget TOKENS]
                             the context block an agent gets each turn (default 2000 tokens)
        forget ID            delete memory ID (tenant-wide: no --agent/--chat)
        stats                the tenant at a glance (needs the admin or ops role)

      sessions of a gateway's agent (--agent A required; --chat C; --thread T; --json):
        session start [--session S] [--message TEXT] [--budget TOKENS]
                             start (or continue) a session: prints its id, then the warm-start
                             context (handoff, recent turns, what is relevant to the message)
        session end SESSION [--summary TEXT]
                             end it: writes the handoff and the session summary, starts the
                             Reflector on the chat
        check SESSION [--summary TEXT] [--commitment TEXT]...
                             checkpoint before compacting a context: what was going on and the
                             open commitments, shown by the next context or session start

      API keys (the services pick changes up within a second, no restart):
        key create --tenant T --roles agent[,admin,ops]
                             make a key, print it once (only its hash is kept)
        key list             id, tenant, roles, created of the keys made here
        key revoke ID        the services refuse that key from now on

      components: postgres, neo4j, capture, recall, graph, vault, console

      environment:
        ENGRAM_HOME            where data, backups, logs, keys live (default: <repo>/.engram)
        ENGRAM_UP_TIMEOUT      seconds `up` may take (default 180)
        ENGRAM_<C>_PORT        another port for a component, e.g. ENGRAM_CAPTURE_PORT=9081,
                               ENGRAM_CONSOLE_PORT=9085
        ENGRAM_API_KEY         the key the memory commands present (default: secrets/admin.key)
      """;

  private final Path repoRoot;
  private final Path home;
  private final Map<String, String> env;
  private final PrintStream out;
  private final PrintStream err;
  private final InputStream in;

  EngramCli(Path repoRoot, Path home, Map<String, String> env, PrintStream out, PrintStream err) {
    this(repoRoot, home, env, out, err, System.in);
  }

  EngramCli(
      Path repoRoot,
      Path home,
      Map<String, String> env,
      PrintStream out,
      PrintStream err,
      InputStream in) {
    this.repoRoot = repoRoot;
    this.home = home;
    this.env = env;
    this.out = out;
    this.err = err;
    this.in = in;
  }

  public static void main(String[] args) {
    Path repoRoot = Path.of(System.getProperty("engram.repo.root", ".")).toAbsolutePath();
    String homeEnv = System.getenv("ENGRAM_HOME");
    Path home =
        homeEnv == null || homeEnv.isBlank() ? repoRoot.resolve(".engram") : Path.of(homeEnv);
    int code = new EngramCli(repoRoot, home, System.getenv(), System.out, System.err).run(args);
    System.out.flush();
    System.exit(code);
  }

  int run(String[] args) {
    String command = args.length == 0 ? "help" : args[0];
    List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
    try {
      return switch (command) {
        case "up" -> up(components(rest));
        case "down" -> down(components(rest));
        case "status" -> status();
        case "demo" -> new Demo(suite(), out).run();
        case "logs" -> logs(rest);
        case "backup" -> vault().backup(rest);
        case "backups" -> vault().backups(rest);
        case "verify" -> vault().verify(rest);
        case "restore" -> vault().restore(rest);
        case "audit" -> vault().audit(rest);
        case "remember", "recall", "context", "forget", "stats", "session", "check" ->
            memory(command, rest);
        case "key" -> new KeyCommands(ApiKeysFile.of(home), out, err, Clock.systemUTC()).run(rest);
        case "help", "-h", "--help" -> {
          out.print(USAGE);
          yield 0;
        }
        default -> {
          err.println("unknown command: " + command);
          err.print(USAGE);
          yield 2;
        }
      };
    } catch (CommandLine.UsageError e) {
      err.println("engram " + command + ": " + e.getMessage());
      return 2;
    } catch (IllegalArgumentException
        | Demo.DemoFailure
        | ServiceClient.ServiceFailure
        | UncheckedIOException e) {
      err.println("engram " + command + ": " + e.getMessage());
      return 1;
    } catch (SuiteException e) {
      err.println();
      err.println("engram " + command + " failed (" + e.component().id() + "): " + e.getMessage());
      Suite suite = suite();
      if (Arrays.stream(Component.values()).anyMatch(suite::running)) {
        err.println();
        err.println(
            "What did start is still running: ./engram status shows it, ./engram down stops it.");
      }
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 130;
    } catch (Exception e) {
      err.println("engram " + command + ": " + e);
      return 1;
    }
  }

  private int up(List<Component> components) {
    Suite suite = suite();
    out.println("Starting Engram (home: " + suite.home() + ")");
    suite.up(components);
    out.println();
    new UpSummary(suite, out).print(components);
    return 0;
  }

  private int down(List<Component> components) {
    Suite suite = suite();
    boolean any = components.stream().anyMatch(suite::running);
    if (!any) {
      out.println("Nothing to stop in " + suite.home());
    }
    if (components.size() == Component.values().length) {
      suite.down();
    } else {
      // services before the servers they depend on
      components.stream().filter(Component::isService).forEach(suite::stop);
      components.stream().filter(c -> !c.isService()).forEach(suite::stop);
    }
    if (any) {
      out.println("Stopped. Data and keys are kept in " + suite.home());
    }
    return 0;
  }

  private int status() {
    Suite suite = suite();
    out.println("Engram at " + suite.home());
    out.printf(
        "  %-10s %-8s %-8s %-6s %-6s %s%n", "component", "state", "pid", "port", "ready", "url");
    boolean allUp = true;
    for (Component c : Component.values()) {
      boolean running = suite.running(c);
      boolean ready = running && suite.ready(c);
      allUp &= ready;
      out.printf(
          "  %-10s %-8s %-8s %-6d %-6s %s%n",
          c.id(),
          running ? "running" : "stopped",
          suite.pid(c).isPresent() ? Long.toString(suite.pid(c).getAsLong()) : "-",
          suite.port(c),
          running ? (ready ? "yes" : "no") : "-",
          suite.url(c));
    }
    return allUp ? 0 : 3;
  }

  /** The script tails the files itself; called directly, this says where they are. */
  private int logs(List<String> rest) {
    Suite suite = suite();
    List<Component> components = components(rest);
    for (Component c : components) {
      out.println(suite.log(c));
    }
    return 0;
  }

  /** The memory and session verbs tell a refusal (1) from a suite that is not there (3). */
  private int memory(String verb, List<String> args) {
    SuiteCalls calls = SuiteCalls.of(home, env, out);
    try {
      return verb.equals("session") || verb.equals("check")
          ? new SessionCommands(calls, out).run(verb, args)
          : new MemoryCommands(calls, out).run(verb, args);
    } catch (ServiceClient.ServiceFailure e) {
      err.println("engram " + verb + ": " + e.getMessage());
      return SuiteCalls.exitCode(e);
    }
  }

  private VaultCommands vault() {
    return new VaultCommands(
        ServiceClient.vault(home),
        out,
        err,
        new BufferedReader(new InputStreamReader(in, Charset.defaultCharset())),
        500);
  }

  private Suite suite() {
    SuiteBuilder builder =
        Suite.builder(repoRoot, home).detached(true).progress(out::println).timeout(timeout());
    for (Component c : Component.values()) {
      String port = env.get(SuitePorts.key(c));
      if (port != null && !port.isBlank()) {
        try {
          builder.port(c, Integer.parseInt(port.strip()));
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(SuitePorts.key(c) + " is not a port: " + port);
        }
      }
    }
    return builder.build();
  }

  private Duration timeout() {
    String seconds = env.get("ENGRAM_UP_TIMEOUT");
    if (seconds == null || seconds.isBlank()) {
      return Duration.ofSeconds(180);
    }
    try {
      return Duration.ofSeconds(Long.parseLong(seconds.strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "ENGRAM_UP_TIMEOUT is not a number of seconds: " + seconds);
    }
  }

  /** The named components in start order, or all of them when none is named. */
  private static List<Component> components(List<String> names) {
    if (names.isEmpty()) {
      return List.of(Component.values());
    }
    EnumSet<Component> set = EnumSet.noneOf(Component.class);
    names.forEach(n -> set.add(Component.parse(n)));
    return new ArrayList<>(set);
  }
}
