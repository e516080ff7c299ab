package dev.engram.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The one-machine Engram suite: embedded PostgreSQL and Neo4j, then the four services and the
 * console, as separate processes under one home directory. Used by {@code ./engram} (detached:
 * processes outlive the command) and by the end-to-end tests (attached: processes stop with the
 * test JVM).
 *
 * <pre>{@code
 * try (Suite suite = Suite.builder(repoRoot, home).randomPorts().detached(false).build()) {
 *   suite.up();
 *   given().baseUri(suite.url(Component.CAPTURE)).auth().oauth2(suite.adminKey())...
 * }
 * }</pre>
 */
public final class Suite implements AutoCloseable {

  private final Path repoRoot;
  private final SuiteHome home;
  private final boolean detached;
  private final Duration timeout;
  private final Consumer<String> progress;
  private final Map<Component, Integer> ports;
  private final List<String> extraKeys;
  private final Map<String, String> extraEnv;
  private final Map<String, String> inherited;
  // Concurrent: the JVM shutdown hook reads it while another thread may still be in up().
  private final Map<Component, ComponentProcess> startedHere = new ConcurrentHashMap<>();
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private SuiteSecrets secrets;
  private Thread shutdownHook;
  private ParentWatch parentWatch;

  Suite(SuiteBuilder b) {
    this.repoRoot = b.repoRoot.toAbsolutePath().normalize();
    this.home = new SuiteHome(b.home);
    this.detached = b.detached;
    this.timeout = b.timeout;
    this.progress = b.progress;
    this.extraKeys = List.copyOf(b.extraKeys);
    this.extraEnv = Map.copyOf(b.env);
    this.inherited = Map.copyOf(b.inherited);
    this.ports = SuitePorts.resolve(home, b.randomPorts, b.ports, this::running);
  }

  /** {@code home} is {@code $ENGRAM_HOME}; {@code repoRoot} holds the built modules. */
  public static SuiteBuilder builder(Path repoRoot, Path home) {
    return new SuiteBuilder(repoRoot, home);
  }

  /** Starts every component that is not running and waits until all are ready. */
  public void up() {
    up(EnumSet.allOf(Component.class));
  }

  /**
   * Starts the given components that are not running (servers first, in parallel, then services, in
   * parallel) and waits until they are ready, within the suite's timeout.
   *
   * @throws SuiteException naming the component that failed, with the tail of its log
   */
  public synchronized void up(Collection<Component> components) {
    EnumSet<Component> wanted = EnumSet.noneOf(Component.class);
    wanted.addAll(components);
    prepare(wanted);
    home.exclusively(
        () -> {
          StartupWait wait = new StartupWait(this, timeout, progress);
          launch(wait, wanted, false);
          wait.await();
          launch(wait, wanted, true);
          wait.await();
        });
  }

  /** Starts one component (if not running) and waits until it is ready. */
  public void start(Component c) {
    up(EnumSet.of(c));
  }

  /** Stops one component: SIGTERM, then SIGKILL if it has not exited in time. */
  public synchronized void stop(Component c) {
    home.exclusively(() -> stopAll(List.of(c)));
  }

  /** Stops every component of this home, services and console first, then the databases. */
  public synchronized void down() {
    home.exclusively(
        () -> {
          stopAll(Component.applications());
          stopAll(Component.servers());
        });
  }

  /** Whether the component's process is alive (a pid file alone does not count). */
  public boolean running(Component c) {
    return process(c).isPresent();
  }

  /** Servers: accepting connections; services: {@code /q/health/ready} answers 200. */
  public boolean ready(Component c) {
    if (!running(c)) {
      return false;
    }
    return c.isService() ? Probes.healthReady(http, port(c)) : Probes.portOpen(port(c));
  }

  public OptionalLong pid(Component c) {
    return process(c).map(p -> OptionalLong.of(p.pid())).orElse(OptionalLong.empty());
  }

  public int port(Component c) {
    return ports.get(c);
  }

  /** {@code http://127.0.0.1:port} for services; the JDBC-less URL for the servers. */
  public String url(Component c) {
    return switch (c) {
      case POSTGRES -> "postgresql://127.0.0.1:" + port(c) + "/" + ComponentCommands.DATABASE;
      case NEO4J -> "bolt://127.0.0.1:" + port(c);
      default -> "http://127.0.0.1:" + port(c);
    };
  }

  public Path log(Component c) {
    return home.log(c);
  }

  public Path home() {
    return home.root();
  }

  /** The local admin key in clear text: tenant {@code local}, roles agent, admin and ops. */
  public String adminKey() {
    return secrets().adminKey();
  }

  /** The suite's ops key in clear text: tenant {@code *}, role ops (backups of every tenant). */
  public String opsKey() {
    return secrets().opsKey();
  }

  /** The internal (service-to-service) key in clear text, for tests of internal APIs. */
  public String internalKey() {
    return secrets().internalKey();
  }

  /** The environment every service gets (without its own QUARKUS_HTTP_PORT). */
  public Map<String, String> sharedEnvironment() {
    return commands().sharedEnvironment();
  }

  /** The whole environment {@code c}'s process is started with. */
  Map<String, String> environment(Component c) {
    return commands().environment(c);
  }

  /** Attached: stops what this suite started. Detached: nothing (the processes live on). */
  @Override
  public synchronized void close() {
    if (detached) {
      return;
    }
    stopStartedHere();
    if (parentWatch != null) {
      parentWatch.close();
      parentWatch = null;
    }
    if (shutdownHook != null) {
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException shuttingDown) {
        // called from the hook itself
      }
      shutdownHook = null;
    }
  }

  // ---------------------------------------------------------------------------------------------

  private void prepare(Collection<Component> wanted) {
    for (Component c : wanted) {
      String missing = ComponentCommands.missingArtifact(repoRoot, c);
      if (missing != null && !running(c)) {
        throw new SuiteException(c, missing);
      }
    }
    try {
      home.create();
      secrets();
      SuitePorts.write(home, ports);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare " + home.root() + ": " + e.getMessage(), e);
    }
  }

  private void launch(StartupWait wait, Collection<Component> wanted, boolean services) {
    for (Component c : wanted) {
      if (c.isService() != services) {
        continue;
      }
      Optional<ComponentProcess> existing = process(c);
      if (existing.isPresent()) {
        wait.expect(c, existing.get());
        continue;
      }
      if (c == Component.POSTGRES) {
        PostgresLeftovers.clear(home, progress);
      }
      if (!Probes.portFree(port(c))) {
        throw new SuiteException(
            c,
            "port "
                + port(c)
                + " for "
                + c.displayName()
                + " is already in use by another process (not this suite's "
                + c.id()
                + "). Stop that process (see: ss -ltnp 'sport = :"
                + port(c)
                + "'), or use another ENGRAM_HOME/port.");
      }
      wait.expect(c, spawn(c));
    }
  }

  private ComponentProcess spawn(Component c) {
    ComponentCommands commands = commands();
    progress.accept("starting " + c.id() + " on port " + port(c) + "  (log: " + log(c) + ")");
    try {
      home.freshTmp(c);
      ComponentProcess process =
          ComponentProcess.spawn(
              commands.command(c),
              commands.environment(c),
              home.root(),
              log(c),
              home.pidFile(c),
              detached);
      startedHere.put(c, process);
      if (!detached && shutdownHook == null) {
        shutdownHook = new Thread(this::stopStartedHere, "engram-suite-stop");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
      }
      if (!detached && c.isService() && parentWatch == null) {
        parentWatch = ParentWatch.start(home);
      }
      return process;
    } catch (IOException e) {
      throw new SuiteException(c, "cannot start " + c.id() + ": " + e.getMessage());
    }
  }

  /** Readiness of one component while the suite starts it (used by StartupWait). */
  boolean readyNow(Component c, ComponentProcess p) {
    if (c.isService()) {
      return Probes.healthReady(http, port(c));
    }
    // A fresh server is ready once it said so in this start's output and accepts connections.
    return (!p.startedHere() || Probes.logSaysReady(log(c), p.logOffset()))
        && Probes.portOpen(port(c));
  }

  private void stopAll(List<Component> components) {
    Map<Component, ComponentProcess> running = new LinkedHashMap<>();
    for (Component c : components) {
      process(c).ifPresent(p -> running.put(c, p));
      if (!running.containsKey(c)) {
        SuiteHome.deleteQuietly(home.pidFile(c)); // stale or absent
      }
    }
    Stopper.stop(running, progress);
    for (Component c : running.keySet()) {
      startedHere.remove(c);
      SuiteHome.deleteQuietly(home.pidFile(c));
    }
    if (components.contains(Component.POSTGRES)) {
      PostgresLeftovers.stopOrphanServer(home, progress);
    }
  }

  // Not synchronized: the shutdown hook must not wait for an up() that is still waiting.
  private void stopStartedHere() {
    List<Component> services = new ArrayList<>();
    List<Component> servers = new ArrayList<>();
    for (Component c : startedHere.keySet()) {
      (c.isService() ? services : servers).add(c);
    }
    stopAll(services);
    stopAll(servers);
  }

  private Optional<ComponentProcess> process(Component c) {
    ComponentProcess mine = startedHere.get(c);
    if (mine != null && mine.alive()) {
      return Optional.of(mine);
    }
    return ComponentProcess.find(home.pidFile(c), ComponentCommands.markers(home, c));
  }

  private synchronized SuiteSecrets secrets() {
    if (secrets == null) {
      try {
        home.create();
        secrets = SuiteSecrets.loadOrCreate(home);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read or create the secrets: " + e.getMessage(), e);
      }
    }
    return secrets;
  }

  private ComponentCommands commands() {
    return new ComponentCommands(
        repoRoot, home, ports, secrets(), extraKeys, extraEnv, inherited, detached);
  }
}
