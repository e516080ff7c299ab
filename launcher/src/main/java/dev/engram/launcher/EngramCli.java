package dev.engram.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The command behind {@code ./engram}: the verbs of {@link EngramCommand}, parsed by picocli, for
 * the suite under {@code $ENGRAM_HOME} (default {@code <repo>/.engram}) or, for the memory, session
 * and review verbs, any suite by {@code --url/--key}. The script finds the JDK, builds what is
 * missing and tails logs; everything else happens here. Exit codes: 0 done, 1 refused or failed, 2
 * usage error, 3 suite not reachable (status: not everything is up).
 */
public final class EngramCli {

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
    EngramCommand root = new EngramCommand(this, home, env, out, err, in);
    CommandLine line = new CommandLine(root);
    root.line = line;
    root.groups(new KeyCommands(ApiKeysFile.of(home), out, err, Clock.systemUTC()))
        .forEach(line::addSubcommand);
    line.setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true))
        .setCaseInsensitiveEnumValuesAllowed(true)
        .setUsageHelpWidth(100)
        .setParameterExceptionHandler(this::usageError)
        .setExecutionExceptionHandler(this::failure);
    if (args.length == 0) {
      line.usage(out);
      return 0;
    }
    return line.execute(args);
  }

  /** picocli's usage errors (an unknown option, a missing value): exit code 2, usage on stderr. */
  private int usageError(ParameterException e, String[] args) {
    CommandLine verb = e.getCommandLine();
    err.println(prefix(verb) + e.getMessage());
    UnmatchedArgumentException.printSuggestions(e, err);
    usage(verb);
    return 2;
  }

  private void usage(CommandLine verb) {
    err.print("usage: " + verb.getHelp().synopsis("usage: ".length()));
    err.println("(" + verb.getCommandSpec().qualifiedName() + " --help: more)");
  }

  /**
   * A verb that failed: 2 for a usage error picocli cannot see, 3 when a verb that takes --url
   * cannot reach the suite, 1 when a service refused or something else went wrong.
   */
  private int failure(Exception e, CommandLine verb, CommandLine.ParseResult parsed) {
    String prefix = prefix(verb);
    switch (e) {
      case UsageError usage -> {
        err.println(prefix + usage.getMessage());
        usage(verb);
        return 2;
      }
      case ServiceClient.ServiceFailure f -> {
        err.println(prefix + f.getMessage());
        return verb.getCommandSpec().findOption("--url") != null ? SuiteCalls.exitCode(f) : 1;
      }
      case SuiteException s -> {
        return suiteFailed(verb.getCommandName(), s);
      }
      case InterruptedException i -> {
        Thread.currentThread().interrupt();
        return 130;
      }
      default -> {
        boolean known =
            e instanceof IllegalArgumentException
                || e instanceof Demo.DemoFailure
                || e instanceof UncheckedIOException
                || e instanceof IOException;
        err.println(prefix + (known ? e.getMessage() : e));
        return 1;
      }
    }
  }

  private int suiteFailed(String command, SuiteException e) {
    err.println();
    err.println("engram " + command + " failed (" + e.component().id() + "): " + e.getMessage());
    Suite suite = suite();
    if (Arrays.stream(Component.values()).anyMatch(suite::running)) {
      err.println();
      err.println(
          "What did start is still running: ./engram status shows it, ./engram down stops it.");
    }
    return 1;
  }

  /** {@code engram session start: }. */
  private static String prefix(CommandLine verb) {
    String name = verb.getCommandSpec().qualifiedName().replaceFirst("^\\./engram ?", "");
    return name.isEmpty() ? "engram: " : "engram " + name + ": ";
  }

  int demo() throws IOException, InterruptedException {
    return new Demo(suite(), out).run();
  }

  int up(List<Component> components) {
    Suite suite = suite();
    out.println("Starting Engram (home: " + suite.home() + ")");
    suite.up(components);
    out.println();
    new UpSummary(suite, out).print(components);
    return 0;
  }

  int down(List<Component> components) {
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

  int status() {
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
  int logs(List<Component> components) {
    Suite suite = suite();
    for (Component c : components) {
      out.println(suite.log(c));
    }
    return 0;
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
  static List<Component> components(List<String> names) {
    if (names == null || names.isEmpty()) {
      return List.of(Component.values());
    }
    EnumSet<Component> set = EnumSet.noneOf(Component.class);
    names.forEach(n -> set.add(Component.parse(n)));
    return new ArrayList<>(set);
  }
}
