package dev.engram.launcher;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The command line and environment of each component. Every service receives the same shared
 * environment (the one configuration of the suite, as in the k8s ConfigMap and Secret) plus its own
 * HTTP port. The console receives only where the four services are and its own port: it calls them
 * with the signed-in person's key, so no key of the suite (least of all the internal one) is ever
 * handed to it.
 */
final class ComponentCommands {

  static final String ADMIN_KEY_ID = "local-admin";
  static final String ADMIN_TENANT = "local";
  static final String INTERNAL_KEY_ID = "internal";

  /** The suite's ops key: tenant *, role ops only, what the vault's commands present. */
  static final String OPS_KEY_ID = "local-ops";

  static final String DATABASE = "engram";

  /** The console's own settings ({@code engram.console.*}), the only ones it takes from outside. */
  static final String CONSOLE_PREFIX = "ENGRAM_CONSOLE_";

  private final Path repoRoot;
  private final SuiteHome home;
  private final Map<Component, Integer> ports;
  private final SuiteSecrets secrets;
  private final List<String> extraKeys;
  private final Map<String, String> extraEnv;
  private final Map<String, String> inherited;
  private final boolean detached;

  ComponentCommands(
      Path repoRoot,
      SuiteHome home,
      Map<Component, Integer> ports,
      SuiteSecrets secrets,
      List<String> extraKeys,
      Map<String, String> extraEnv,
      Map<String, String> inherited,
      boolean detached) {
    this.repoRoot = repoRoot;
    this.home = home;
    this.ports = ports;
    this.secrets = secrets;
    this.extraKeys = extraKeys;
    this.extraEnv = extraEnv;
    this.inherited = inherited;
    this.detached = detached;
  }

  /** What a command line must carry for a pid to count as this home's component. */
  static List<String> markers(SuiteHome home, Component c) {
    List<String> markers = new ArrayList<>();
    markers.add("-Dengram.component=" + c.id());
    markers.add("-Dengram.home=" + home.root());
    if (!c.isService()) {
      markers.add(c.mainClass());
    }
    return markers;
  }

  static Path runJar(Path repoRoot, Component c) {
    return repoRoot.resolve(c.module()).resolve("target/quarkus-app/quarkus-run.jar");
  }

  /** Why {@code c} cannot be started from this checkout, or null if its artifacts are there. */
  static String missingArtifact(Path repoRoot, Component c) {
    if (c.isService()) {
      Path jar = runJar(repoRoot, c);
      return Files.isRegularFile(jar)
          ? null
          : c.module()
              + " is not built: "
              + jar
              + " is missing. Build it with: ./mvnw -DskipTests package"
              + " (or ./mvnw -pl "
              + c.module()
              + " -am -DskipTests package)";
    }
    Path target = repoRoot.resolve("launcher/target");
    if (!Files.isDirectory(target.resolve("lib"))
        || !(Files.isRegularFile(target.resolve("launcher.jar"))
            || Files.isDirectory(target.resolve("classes")))) {
      return "the launcher (embedded PostgreSQL and Neo4j) is not built: "
          + target.resolve("lib")
          + " or launcher.jar is missing. Build it with: ./mvnw -pl launcher -DskipTests package";
    }
    return null;
  }

  List<String> command(Component c) {
    List<String> command = new ArrayList<>();
    command.add(LauncherProcess.javaExecutable());
    command.add("-Xmx" + c.heap());
    command.add("--enable-native-access=ALL-UNNAMED");
    if (c == Component.RECALL) {
      // Lucene scores vectors with the Vector API only when the module is readable; without it
      // every dense search and HNSW merge runs scalar dot products (several times the CPU).
      command.add("--add-modules=jdk.incubator.vector");
    }
    command.addAll(markers(home, c).subList(0, 2));
    command.add("-Djava.io.tmpdir=" + home.tmp(c));
    if (c.isService()) {
      command.add("-jar");
      command.add(runJar(repoRoot, c).toString());
      return command;
    }
    command.add("-cp");
    command.add(launcherClasspath());
    command.add(c.mainClass());
    if (c == Component.POSTGRES) {
      command.addAll(
          List.of(
              "--data", home.postgresData().toString(),
              "--binaries", home.postgresBinaries().toString(),
              "--port", Integer.toString(ports.get(c)),
              "--database", DATABASE));
    } else {
      command.addAll(
          List.of(
              "--home", home.neo4jData().toString(),
              "--bolt-port", Integer.toString(ports.get(c)),
              "--password-file", SuiteSecrets.neo4jPasswordFile(home).toString()));
    }
    if (!detached) {
      command.add("--exit-with-parent");
    }
    return command;
  }

  /**
   * The whole environment of a component's process (it replaces, not extends, what the caller has).
   * Servers: the caller's. Services: the caller's, then the shared configuration, their port and
   * the builder's extra environment on top. The console: see {@link #consoleEnvironment}.
   */
  Map<String, String> environment(Component c) {
    Map<String, String> env = new LinkedHashMap<>(inherited);
    if (!c.isService()) {
      return env;
    }
    if (c == Component.CONSOLE) {
      env.keySet().removeIf(ComponentCommands::withheldFromConsole);
      env.putAll(consoleEnvironment());
      return env;
    }
    env.putAll(sharedEnvironment());
    env.put("QUARKUS_HTTP_PORT", Integer.toString(ports.get(c)));
    env.putAll(extraEnv);
    return env;
  }

  /**
   * What the console is given: the four keys of the shared configuration it reads (capture-,
   * recall-, graph- and vault-url), its port and host, and the builder's {@code ENGRAM_CONSOLE_*}
   * entries. Nothing else of the shared configuration: no API key hashes, no internal key, no
   * passwords.
   */
  Map<String, String> consoleEnvironment() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("ENGRAM_SERVICES_CAPTURE_URL", "http://127.0.0.1:" + ports.get(Component.CAPTURE));
    env.put("ENGRAM_SERVICES_RECALL_URL", "http://127.0.0.1:" + ports.get(Component.RECALL));
    env.put("ENGRAM_SERVICES_GRAPH_URL", "http://127.0.0.1:" + ports.get(Component.GRAPH));
    env.put("ENGRAM_SERVICES_VAULT_URL", "http://127.0.0.1:" + ports.get(Component.VAULT));
    env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
    env.put("QUARKUS_HTTP_PORT", Integer.toString(ports.get(Component.CONSOLE)));
    extraEnv.forEach(
        (name, value) -> {
          if (name.startsWith(CONSOLE_PREFIX)) {
            env.put(name, value);
          }
        });
    return env;
  }

  /**
   * Engram's and Quarkus's variables in the caller's environment (an {@code ENGRAM_API_KEY}, a
   * password exported for a service) do not reach the console, except its own {@code
   * ENGRAM_CONSOLE_*} settings.
   */
  static boolean withheldFromConsole(String name) {
    return (name.startsWith("ENGRAM_") || name.startsWith("QUARKUS_"))
        && !name.startsWith(CONSOLE_PREFIX);
  }

  /** The one configuration every service reads (README.md "Configuration", k8s/base/config.env). */
  Map<String, String> sharedEnvironment() {
    Map<String, String> env = new LinkedHashMap<>();
    List<String> keys = new ArrayList<>();
    keys.add(
        ADMIN_KEY_ID
            + ":"
            + ADMIN_TENANT
            + ":agent+admin+ops:"
            + SuiteSecrets.sha256Hex(secrets.adminKey()));
    keys.add(OPS_KEY_ID + ":*:ops:" + SuiteSecrets.sha256Hex(secrets.opsKey()));
    keys.add(INTERNAL_KEY_ID + ":*:internal:" + SuiteSecrets.sha256Hex(secrets.internalKey()));
    keys.addAll(extraKeys);
    env.put("ENGRAM_AUTH_KEYS", String.join(",", keys));
    // Keys made with ./engram key create; the services re-read it when it changes.
    env.put("ENGRAM_AUTH_KEYS_FILE", SuiteSecrets.apiKeysFile(home).toString());
    for (Component s : Component.services()) {
      env.put("ENGRAM_SERVICES_" + s.name() + "_URL", "http://127.0.0.1:" + ports.get(s));
    }
    env.put("ENGRAM_SERVICES_INTERNAL_KEY", secrets.internalKey());
    int pg = ports.get(Component.POSTGRES);
    env.put("QUARKUS_DATASOURCE_REACTIVE_URL", "postgresql://127.0.0.1:" + pg + "/" + DATABASE);
    env.put("QUARKUS_DATASOURCE_JDBC_URL", "jdbc:postgresql://127.0.0.1:" + pg + "/" + DATABASE);
    env.put("QUARKUS_DATASOURCE_USERNAME", "postgres");
    env.put("QUARKUS_NEO4J_URI", "bolt://127.0.0.1:" + ports.get(Component.NEO4J));
    env.put("QUARKUS_NEO4J_AUTHENTICATION_USERNAME", "neo4j");
    env.put("QUARKUS_NEO4J_AUTHENTICATION_PASSWORD", secrets.neo4jPassword());
    env.put("ENGRAM_RECALL_INDEX_DIR", home.index().toString());
    env.put("ENGRAM_VAULT_DIRECTORY", home.backups().toString());
    // Backups are encrypted on one machine too, with the key generated into secrets/vault.keys.
    env.put("ENGRAM_VAULT_ENCRYPTION_KEYS", secrets.vaultKeys());
    env.put("ENGRAM_VAULT_ENCRYPTION_PRIMARY_KEY", secrets.vaultPrimaryKey());
    // One machine: nothing listens beyond this host (the cluster manifests bind 0.0.0.0).
    env.put("QUARKUS_HTTP_HOST", "127.0.0.1");
    env.put("OPT_OUT_TRACKING", "true");
    env.put("DJL_OFFLINE", "true");
    // ONNX Runtime (recall) uploads usage telemetry unless this is set in the environment.
    env.put("ORT_DISABLE_TELEMETRY", "1");
    return env;
  }

  /** launcher.jar (or its classes when only compiled) plus the copied runtime libraries. */
  private String launcherClasspath() {
    Path target = repoRoot.resolve("launcher/target");
    Path jar = target.resolve("launcher.jar");
    Path self = Files.isRegularFile(jar) ? jar : target.resolve("classes");
    return self + File.pathSeparator + target.resolve("lib") + File.separator + "*";
  }
}
