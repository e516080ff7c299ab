package dev.engram.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.k8s.Kustomize;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * The suite as containers on one podman network, configured the way the cluster configures it: each
 * service container is made from its Deployment in the rendered base manifests ({@code kubectl
 * kustomize k8s/base}) — the ConfigMap and Secrets its {@code envFrom} names, its {@code env}, the
 * Secret volumes it mounts (as read-only directories, like the kubelet's), emptyDirs as tmpfs,
 * volumes as podman volumes, read-only root file system, no capabilities, its grace period as the
 * stop timeout. Secret values are generated per run for every key {@code k8s/base/
 * secret.example.yaml} lists that a single machine can fill.
 *
 * <p>What is not the cluster, and why: recall runs two replicas on the embedded Lucene index, one
 * each, behind {@link RoundRobinProxy} in this JVM (the balancer, a Service without affinity),
 * which sends index writes to both — standing in for the one Qdrant collection replicas share,
 * since no Qdrant server can be had here; PostgreSQL and Neo4j are the images {@code
 * k8s/images/build} makes from Debian's package and from the launcher's embedded Neo4j, not the
 * official ones the manifests name; the images are the JVM ones ({@code :0.1.0-jvm}), no native
 * executable can be built here. The manifests read are base with {@code components/jvm-images}
 * ({@link #MANIFESTS}): the JVM images' memory limits are applied ({@code --memory}).
 */
final class ContainerSuite implements AutoCloseable {

  static final List<String> SERVICES =
      List.of("capture-service", "recall-service", "graph-service", "vault-service");
  static final String TENANT = "acme";

  /** Base with components/jvm-images: the JVM images' tags and memory. */
  static final String MANIFESTS = "e2e/src/test/resources/k8s-containers";

  private static final SecureRandom RANDOM = new SecureRandom();

  /** One container of the run: its name, its network name and the command that made it. */
  static final class Container {
    final String name;
    final String alias;
    final String image;
    final int graceSeconds;
    final Map<Integer, Integer> published = new ConcurrentHashMap<>();
    volatile long startedNanos;
    volatile Duration startToReady;

    Container(String name, String alias, String image, int graceSeconds) {
      this.name = name;
      this.alias = alias;
      this.image = image;
      this.graceSeconds = graceSeconds;
    }
  }

  final Podman podman;
  final String run;
  final Path dir;
  final String network;
  final String adminKey = Keys.random();
  final String opsKey = Keys.random();
  final String internalKey = Keys.random();
  RoundRobinProxy balancer;
  final Map<String, Container> containers = new LinkedHashMap<>();
  private final Map<String, String> secretValues = new LinkedHashMap<>();
  private final Map<String, Path> secretDirs = new LinkedHashMap<>();
  private final List<String> keyEntries = new ArrayList<>();
  private final Consumer<String> progress;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .build();
  private Path keysFile;
  private String gateway;

  private ContainerSuite(Podman podman, Consumer<String> progress) throws IOException {
    this.podman = podman;
    this.progress = progress;
    this.run = "engram-it-" + Long.toHexString(System.nanoTime() & 0xffffffL);
    this.dir = podman.repo().resolve("e2e/target/containers/" + run).toAbsolutePath();
    this.network = run;
    Files.createDirectories(dir);
  }

  /** Builds the images (once per machine; a rebuild only when an app changed) and starts all. */
  static ContainerSuite start(Podman podman, Consumer<String> progress) throws Exception {
    long build = System.nanoTime();
    Podman.Result built =
        podman.script(
            Duration.ofMinutes(30),
            line -> progress.accept("[images] " + line),
            "k8s/images/build");
    if (!built.ok()) {
      throw new IllegalStateException("k8s/images/build failed: " + built);
    }
    progress.accept(
        String.format("[images] ready after %.0f s", (System.nanoTime() - build) / 1e9));
    ContainerSuite suite = new ContainerSuite(podman, progress);
    try {
      suite.up();
    } catch (Exception | AssertionError e) {
      suite.close();
      throw e;
    }
    return suite;
  }

  /** The balancer's address, as a gateway (or the console) calls recall-service. */
  String recallUrl() {
    return balancer.url();
  }

  /** {@code http://127.0.0.1:<published port>} of a container's port. */
  String url(String container, int port) {
    Integer published = containers.get(container).published.get(port);
    if (published == null) {
      throw new IllegalStateException(container + " publishes no port " + port);
    }
    return "http://127.0.0.1:" + published;
  }

  Path keysFile() {
    return keysFile;
  }

  /** Replaces the mounted keys file the way the kubelet updates a Secret volume: atomically. */
  void writeKeys(List<String> extraEntries) throws IOException {
    List<String> lines = new ArrayList<>(keyEntries);
    lines.addAll(extraEntries);
    Path next = keysFile.resolveSibling(".keys-" + System.nanoTime());
    Files.writeString(next, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(next, PosixFilePermissions.fromString("rw-r--r--"));
    Files.move(next, keysFile, StandardCopyOption.ATOMIC_MOVE);
  }

  private void up() throws Exception {
    podman.ok("network", "create", "--label", "engram.it=" + run, network);
    gateway =
        podman.ok(
            "network", "inspect", network, "--format", "{{range .Subnets}}{{.Gateway}}{{end}}");
    List<JsonNode> base = Kustomize.render(MANIFESTS);
    Map<String, String> config = new LinkedHashMap<>();
    Kustomize.engramConfig(base)
        .path("data")
        .fields()
        .forEachRemaining(e -> config.put(e.getKey(), e.getValue().asText()));
    generateSecrets();

    startStores(config);
    // The balancer listens on the network's gateway address (the bridge has one once a container
    // is on it): the containers reach it there, and so does this JVM; no other interface does.
    balancer = new RoundRobinProxy(InetAddress.getByName(gateway));
    for (String store : List.of("postgres", "neo4j")) {
      awaitReady(containers.get(store), Duration.ofMinutes(3));
    }
    List<Container> services = new ArrayList<>();
    for (String service : concat(SERVICES, List.of("console"))) {
      JsonNode deployment = Kustomize.find(base, "Deployment", service);
      if (service.equals("recall-service")) {
        for (String replica : List.of("recall-1", "recall-2")) {
          services.add(startService(deployment, replica, config));
        }
      } else {
        services.add(startService(deployment, service, config));
      }
    }
    for (Container service : services) {
      awaitReady(service, Duration.ofMinutes(6));
    }
    balancer.backends(List.of(url("recall-1", 8080), url("recall-2", 8080)));
  }

  /** One value for every secret key a single machine can fill; the rest stay unset (optional). */
  private void generateSecrets() throws Exception {
    String pgPassword = random(18);
    String neo4jPassword = random(18);
    keyEntries.add("admin:" + TENANT + ":agent+admin+ops:" + Keys.sha256(adminKey));
    keyEntries.add("ops:*:ops:" + Keys.sha256(opsKey));
    keyEntries.add("internal:*:internal:" + Keys.sha256(internalKey));
    secretValues.put("ENGRAM_AUTH_KEYS", String.join(",", keyEntries));
    secretValues.put("keys", String.join("\n", keyEntries) + "\n");
    secretValues.put("ENGRAM_SERVICES_INTERNAL_KEY", internalKey);
    secretValues.put("QUARKUS_DATASOURCE_PASSWORD", pgPassword);
    secretValues.put("POSTGRES_PASSWORD", pgPassword);
    secretValues.put("QUARKUS_NEO4J_AUTHENTICATION_PASSWORD", neo4jPassword);
    secretValues.put("NEO4J_AUTH", "neo4j/" + neo4jPassword);
    byte[] key = new byte[32];
    RANDOM.nextBytes(key);
    secretValues.put(
        "ENGRAM_VAULT_ENCRYPTION_KEYS", "k1:" + Base64.getEncoder().encodeToString(key));
    secretValues.put("ENGRAM_VAULT_ENCRYPTION_PRIMARY_KEY", "k1");
    String example = Files.readString(podman.repo().resolve("k8s/base/secret.example.yaml"));
    for (JsonNode secret : Kustomize.toJson(example)) {
      if (!secret.path("kind").asText().equals("Secret")) {
        continue;
      }
      String name = secret.at("/metadata/name").asText();
      Path secretDir = dir.resolve("secrets/" + name);
      Files.createDirectories(secretDir);
      Files.setPosixFilePermissions(secretDir, PosixFilePermissions.fromString("rwxr-xr-x"));
      for (var keys = secret.path("stringData").fieldNames(); keys.hasNext(); ) {
        String secretKey = keys.next();
        String value = secretValues.get(secretKey);
        if (value != null) {
          Path file = secretDir.resolve(secretKey);
          Files.writeString(file, value, StandardCharsets.UTF_8);
          Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        }
      }
      secretDirs.put(name, secretDir);
    }
  }

  private void startStores(Map<String, String> config) throws IOException {
    Path pgSecret = storeSecret("postgres", "password", secretValues.get("POSTGRES_PASSWORD"));
    Container postgres =
        new Container(run + "-postgres", "postgres", "localhost/engram/postgres:15", 30);
    start(
        postgres,
        List.of(
            "--read-only",
            "--tmpfs",
            "/run/postgresql:rw,mode=1777",
            "--tmpfs",
            "/tmp:rw,mode=1777",
            "-v",
            volume("pgdata") + ":/var/lib/postgresql/data:U",
            "-v",
            pgSecret + ":/run/secrets/postgres:ro",
            "-e",
            "POSTGRES_USER=" + config.get("QUARKUS_DATASOURCE_USERNAME"),
            "-e",
            "POSTGRES_DB=engram",
            "-e",
            "POSTGRES_PASSWORD_FILE=/run/secrets/postgres/password",
            "-p",
            "127.0.0.1::5432"));
    Path neoSecret =
        storeSecret("neo4j", "password", secretValues.get("QUARKUS_NEO4J_AUTHENTICATION_PASSWORD"));
    Container neo4j = new Container(run + "-neo4j", "neo4j", neo4jImage(), 60);
    start(
        neo4j,
        List.of(
            "--read-only",
            "--tmpfs",
            "/tmp:rw,exec,mode=1777",
            "-v",
            volume("neo4j") + ":/data:U",
            "-v",
            neoSecret + ":/run/secrets/neo4j:ro",
            "-p",
            "127.0.0.1::7687"),
        List.of("--password-file", "/run/secrets/neo4j/password", "--page-cache-mb", "128"));
  }

  private String neo4jImage() throws IOException {
    String images =
        podman.ok("image", "ls", "--format", "{{.Repository}}:{{.Tag}}", "localhost/engram/neo4j");
    return images
        .lines()
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no neo4j image"));
  }

  private Path storeSecret(String name, String file, String value) throws IOException {
    Path secretDir = dir.resolve("secrets/" + name + "-store");
    Files.createDirectories(secretDir);
    Files.setPosixFilePermissions(secretDir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(secretDir.resolve(file), value, StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(
        secretDir.resolve(file), PosixFilePermissions.fromString("rw-r--r--"));
    return secretDir;
  }

  /** A podman volume of this run, removed with it. */
  private String volume(String name) throws IOException {
    String volume = run + "-" + name;
    podman.ok("volume", "create", "--label", "engram.it=" + run, volume);
    return volume;
  }

  /** A service container made from its Deployment's pod template. */
  private Container startService(JsonNode deployment, String alias, Map<String, String> config)
      throws IOException {
    JsonNode pod = deployment.at("/spec/template/spec");
    JsonNode spec = pod.path("containers").get(0);
    String image = "localhost/" + spec.path("image").asText();
    Container container =
        new Container(
            run + "-" + alias, alias, image, pod.path("terminationGracePeriodSeconds").asInt(30));
    Map<String, String> env = new LinkedHashMap<>();
    List<String> args = new ArrayList<>();
    for (JsonNode from : spec.path("envFrom")) {
      if (from.has("configMapRef")) {
        env.putAll(config);
      } else if (from.has("secretRef")) {
        env.putAll(secretEnv(from.at("/secretRef/name").asText()));
      }
    }
    for (JsonNode var : spec.path("env")) {
      if (var.has("value")) {
        env.put(var.path("name").asText(), var.path("value").asText());
      } else if (var.at("/valueFrom/secretKeyRef").isObject()) {
        String value = secretValues.get(var.at("/valueFrom/secretKeyRef/key").asText());
        if (value != null) {
          env.put(var.path("name").asText(), value);
        }
      } else if (var.at("/valueFrom/configMapKeyRef").isObject()) {
        env.put(
            var.path("name").asText(),
            config.get(var.at("/valueFrom/configMapKeyRef/key").asText()));
      }
    }
    Map<String, JsonNode> volumes = new LinkedHashMap<>();
    pod.path("volumes").forEach(v -> volumes.put(v.path("name").asText(), v));
    for (JsonNode mount : spec.path("volumeMounts")) {
      JsonNode volume = volumes.get(mount.path("name").asText());
      String path = mount.path("mountPath").asText();
      if (mount.has("subPath")) {
        throw new IllegalStateException(alias + ": subPath mounts never see Secret updates");
      }
      if (alias.startsWith("recall-") && path.equals(config.get("ENGRAM_RECALL_INDEX_DIR"))) {
        // The Lucene index on a volume of its own, as components/recall-lucene mounts its claim
        // in place of base's emptyDir.
        args.addAll(List.of("-v", volume(alias + "-index") + ":" + path + ":U"));
      } else if (volume.has("emptyDir")) {
        args.addAll(List.of("--tmpfs", path + ":rw,exec,nosuid,nodev,mode=1777"));
      } else if (volume.has("secret")) {
        Path secretDir = secretDirs.get(volume.at("/secret/secretName").asText());
        if (secretDir == null) {
          throw new IllegalStateException(
              alias
                  + " mounts Secret "
                  + volume.at("/secret/secretName").asText()
                  + ", which secret.example.yaml does not list");
        }
        if (volume.at("/secret/items").isArray()) {
          throw new IllegalStateException(alias + ": Secret volume items are not mapped here");
        }
        args.addAll(List.of("-v", secretDir + ":" + path + ":ro"));
      } else if (volume.has("persistentVolumeClaim")) {
        args.addAll(
            List.of("-v", volume(alias + "-" + mount.path("name").asText()) + ":" + path + ":U"));
      } else {
        throw new IllegalStateException(alias + ": volume kind not mapped: " + volume);
      }
    }
    // Not the cluster, and why (see the class comment): recall on Lucene, one index per replica
    // on a volume as components/recall-lucene mounts it; the balancer in this JVM; fewer warm-up
    // rounds (a test start, not a serving pod).
    env.put("ENGRAM_SERVICES_RECALL_URL", balancer.url());
    env.put("ENGRAM_WARMUP_ROUNDS", "3");
    if (alias.startsWith("recall-")) {
      env.put("ENGRAM_RECALL_STORE", "lucene");
      String indexDir = ":" + config.get("ENGRAM_RECALL_INDEX_DIR") + ":U";
      if (args.stream().noneMatch(a -> a.endsWith(indexDir))) {
        throw new IllegalStateException("recall mounts nothing at ENGRAM_RECALL_INDEX_DIR");
      }
    }
    String authFile = env.get("ENGRAM_AUTH_KEYS_FILE");
    if (authFile != null && keysFile == null) {
      keysFile = hostPathOf(args, authFile);
    }
    JsonNode security = spec.path("securityContext");
    if (security.path("readOnlyRootFilesystem").asBoolean()) {
      args.add("--read-only");
    }
    if (security.at("/capabilities/drop").toString().contains("ALL")) {
      args.addAll(List.of("--cap-drop", "ALL"));
    }
    if (!security.path("allowPrivilegeEscalation").asBoolean(true)) {
      args.addAll(List.of("--security-opt", "no-new-privileges"));
    }
    String memory = spec.at("/resources/limits/memory").asText();
    if (!memory.isEmpty()) {
      // podman takes b, k, m, g (powers of 1024): 1536Mi -> 1536m, 1Gi -> 1g
      args.addAll(List.of("--memory", memory.replace("Mi", "m").replace("Gi", "g")));
      args.addAll(List.of("--memory-swap", memory.replace("Mi", "m").replace("Gi", "g")));
    }
    for (JsonNode port : spec.path("ports")) {
      args.addAll(List.of("-p", "127.0.0.1::" + port.path("containerPort").asInt()));
    }
    Path envFile = dir.resolve("env/" + alias + ".env");
    Files.createDirectories(envFile.getParent());
    StringBuilder lines = new StringBuilder();
    env.forEach((k, v) -> lines.append(k).append('=').append(v).append('\n'));
    Files.writeString(envFile, lines);
    args.addAll(List.of("--env-file", envFile.toString()));
    start(container, args);
    return container;
  }

  /** The host file behind a path inside a container, through the container's bind mounts. */
  private static Path hostPathOf(List<String> args, String containerPath) {
    for (int i = 0; i + 1 < args.size(); i++) {
      if (args.get(i).equals("-v")) {
        String[] parts = args.get(i + 1).split(":");
        if (parts[0].startsWith("/") && containerPath.startsWith(parts[1] + "/")) {
          return Path.of(parts[0], containerPath.substring(parts[1].length() + 1));
        }
      }
    }
    throw new IllegalStateException(
        "ENGRAM_AUTH_KEYS_FILE=" + containerPath + " is on no mounted Secret volume");
  }

  private Map<String, String> secretEnv(String name) throws IOException {
    Path secretDir = secretDirs.get(name);
    if (secretDir == null) {
      throw new IllegalStateException("Secret " + name + " is not in secret.example.yaml");
    }
    Map<String, String> env = new LinkedHashMap<>();
    try (var files = Files.list(secretDir)) {
      for (Path file : files.sorted().toList()) {
        String value = Files.readString(file);
        if (!value.contains("\n")) {
          env.put(file.getFileName().toString(), value);
        }
      }
    }
    return env;
  }

  private void start(Container container, List<String> extra) throws IOException {
    start(container, extra, List.of());
  }

  private void start(Container container, List<String> extra, List<String> command)
      throws IOException {
    List<String> args = new ArrayList<>(List.of("run", "-d", "--name", container.name));
    args.addAll(List.of("--label", "engram.it=" + run, "--network", network));
    args.addAll(List.of("--network-alias", container.alias));
    args.addAll(List.of("--stop-timeout", String.valueOf(container.graceSeconds)));
    args.addAll(extra);
    args.add(container.image);
    args.addAll(command);
    containers.put(container.alias, container);
    container.startedNanos = System.nanoTime();
    Podman.Result started = podman.run(Duration.ofMinutes(2), args);
    if (!started.ok()) {
      throw new IllegalStateException("podman run " + container.alias + " failed: " + started);
    }
    readPorts(container);
    progress.accept("[containers] started " + container.alias + " (" + container.image + ")");
  }

  /** Re-reads the published ports (they are kept across a restart, but read them anyway). */
  void readPorts(Container container) throws IOException {
    String ports = podman.ok("port", container.name);
    for (String line : ports.lines().toList()) {
      // 8080/tcp -> 127.0.0.1:41234
      String[] parts = line.split(" -> ");
      int inside = Integer.parseInt(parts[0].substring(0, parts[0].indexOf('/')));
      int outside = Integer.parseInt(parts[1].substring(parts[1].lastIndexOf(':') + 1));
      container.published.put(inside, outside);
    }
  }

  /**
   * Waits for a service's readiness on its management port (the readiness probe), or a store's port
   * to accept; fails with the container's log when it exits or the time runs out.
   */
  void awaitReady(Container container, Duration atMost) throws Exception {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (System.nanoTime() < deadline) {
      if (ready(container)) {
        container.startToReady = Duration.ofNanos(System.nanoTime() - container.startedNanos);
        progress.accept(
            String.format(
                "[containers] %s ready after %.1f s",
                container.alias, container.startToReady.toMillis() / 1000.0));
        return;
      }
      String state = podman.ok("inspect", "--format", "{{.State.Status}}", container.name);
      if (!state.equals("running")) {
        throw new IllegalStateException(
            container.alias
                + " is "
                + state
                + ":\n"
                + podman.run(Duration.ofSeconds(30), "logs", "--tail", "80", container.name));
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException(
        container.alias
            + " not ready within "
            + atMost.toSeconds()
            + " s:\n"
            + podman.run(Duration.ofSeconds(30), "logs", "--tail", "80", container.name));
  }

  private boolean ready(Container container) throws InterruptedException {
    Integer management = container.published.get(9000);
    if (management == null) {
      Integer port = container.published.values().iterator().next();
      try (var socket = new java.net.Socket("127.0.0.1", port)) {
        // a store's port accepts; its own readiness is the services' start (they retry)
        return storeAnswers(container);
      } catch (IOException e) {
        return false;
      }
    }
    return status(url(container.alias, 9000) + "/q/health/ready") == 200;
  }

  private boolean storeAnswers(Container container) {
    try {
      Podman.Result logs = podman.run(Duration.ofSeconds(30), "logs", container.name);
      String log = logs.out() + logs.err();
      return log.contains(
          container.alias.equals("neo4j") ? "READY neo4j" : "ready to accept connections");
    } catch (IOException e) {
      return false;
    }
  }

  /** A GET's status, or -1 when nothing answers. */
  int status(String url) throws InterruptedException {
    try {
      return http.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build(),
              HttpResponse.BodyHandlers.discarding())
          .statusCode();
    } catch (IOException e) {
      return -1;
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  private static String random(int bytes) {
    byte[] value = new byte[bytes];
    RANDOM.nextBytes(value);
    return HexFormat.of().formatHex(value);
  }

  /** Writes each container's log next to the run's files, then removes everything of the run. */
  @Override
  public void close() {
    for (Container container : containers.values()) {
      try {
        Podman.Result logs = podman.run(Duration.ofSeconds(30), "logs", container.name);
        Files.createDirectories(dir.resolve("logs"));
        Files.writeString(dir.resolve("logs/" + container.alias + ".log"), logs.out() + logs.err());
      } catch (IOException | RuntimeException e) {
        progress.accept("[containers] no log of " + container.alias + ": " + e);
      }
    }
    try {
      // What each volume holds (owner, size), for a failure that involves one.
      StringBuilder listing = new StringBuilder();
      for (String volume :
          podman.ok("volume", "ls", "-q", "--filter", "label=engram.it=" + run).lines().toList()) {
        String mount = podman.ok("volume", "inspect", "--format", "{{.Mountpoint}}", volume);
        listing.append("== ").append(volume).append('\n');
        try (var files = Files.walk(Path.of(mount), 3)) {
          for (Path file : files.toList()) {
            var attributes =
                Files.readAttributes(file, java.nio.file.attribute.PosixFileAttributes.class);
            listing.append(
                String.format(
                    "%s %s %d %s%n",
                    PosixFilePermissions.toString(attributes.permissions()),
                    attributes.owner().getName(),
                    attributes.size(),
                    Path.of(mount).relativize(file)));
          }
        } catch (IOException | RuntimeException e) {
          listing.append(e).append('\n');
        }
      }
      Files.createDirectories(dir.resolve("logs"));
      Files.writeString(dir.resolve("logs/volumes.txt"), listing);
    } catch (IOException | RuntimeException e) {
      progress.accept("[containers] no volume listing: " + e);
    }
    try {
      String label = "label=engram.it=" + run;
      List<String> rm = new ArrayList<>(List.of("rm", "-f", "-t", "0"));
      rm.addAll(podman.ok("ps", "-a", "-q", "--filter", label).lines().toList());
      if (rm.size() > 4) {
        podman.run(Duration.ofMinutes(3), rm);
      }
      List<String> volumes = new ArrayList<>(List.of("volume", "rm", "-f"));
      volumes.addAll(podman.ok("volume", "ls", "-q", "--filter", label).lines().toList());
      if (volumes.size() > 3) {
        podman.run(Duration.ofMinutes(1), volumes);
      }
      podman.run(Duration.ofMinutes(1), "network", "rm", "-f", network);
    } catch (IOException | RuntimeException e) {
      progress.accept("[containers] clean-up failed: " + e);
    }
    if (balancer != null) {
      balancer.close();
    }
  }
}
