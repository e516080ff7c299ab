package dev.engram.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.engram.e2e.ContainerSuite.Container;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer.OrderAnnotation;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The cluster form as far as these machines go: the JVM images {@code k8s/images/build} makes, run
 * with podman on one network and configured from the rendered base manifests ({@link
 * ContainerSuite} says exactly how, and what differs from a cluster). Writes, recall and context
 * through two recall replicas, MicroClaw's MCP operations across both, a backup and a restore, a
 * key revoked by editing the mounted keys file, and a SIGTERM to each service under steady writes.
 * Image sizes, start times and memory per container go to {@code e2e/target/containers-report.md}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(OrderAnnotation.class)
class ContainersIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration SETTLED = Duration.ofMinutes(2);
  private static final String AGENT = "harbourbot";
  private static final String CHAT = "pier-7";

  private ContainerSuite suite;
  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(3))
          .build();
  private final Map<String, String> shutdowns = Collections.synchronizedMap(new LinkedHashMap<>());
  private long memory;

  record Answer(int status, JsonNode json, String body) {
    boolean ok() {
      return status / 100 == 2;
    }
  }

  @BeforeAll
  void up() throws Exception {
    Path repo = Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
    suite = ContainerSuite.start(Podman.require(repo), System.out::println);
  }

  @AfterAll
  void down() {
    if (suite == null) {
      return;
    }
    try {
      report();
    } catch (Exception e) {
      System.out.println("[containers] no report: " + e);
    } finally {
      suite.close();
    }
  }

  private String capture() {
    return suite.url("capture-service", 8080);
  }

  private Answer send(String method, String url, String key, Object body) {
    try {
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(url))
              .timeout(Duration.ofSeconds(20))
              .header("Authorization", "Bearer " + key);
      if (body == null) {
        request.method(method, HttpRequest.BodyPublishers.noBody());
      } else {
        request
            .header("Content-Type", "application/json")
            .method(
                method,
                HttpRequest.BodyPublishers.ofString(
                    body instanceof String s ? s : JSON.writeValueAsString(body)));
      }
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      JsonNode json;
      try {
        json =
            response.body().isEmpty() ? MissingNode.getInstance() : JSON.readTree(response.body());
      } catch (IOException e) {
        json = MissingNode.getInstance();
      }
      return new Answer(response.statusCode(), json, response.body());
    } catch (IOException e) {
      return new Answer(-1, MissingNode.getInstance(), e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private JsonNode ok(String method, String url, String key, Object body) {
    Answer answer = send(method, url, key, body);
    assertTrue(answer.ok(), method + " " + url + " -> " + answer.status() + " " + answer.body());
    return answer.json();
  }

  /** A memory of the test's agent and chat, written to capture. */
  private Answer writeMemory(String text) {
    return send(
        "POST",
        capture() + "/v1/memories",
        suite.adminKey,
        Map.of("agent", AGENT, "chat", CHAT, "category", "KNOWLEDGE", "text", text));
  }

  /** What a recall on one replica returns, as kind:id. */
  private List<String> recalled(String recallUrl, String query) {
    Answer answer =
        send(
            "POST",
            recallUrl + "/v1/recall",
            suite.adminKey,
            Map.of("agent", AGENT, "chat", CHAT, "query", query, "k", 5));
    List<String> keys = new ArrayList<>();
    answer
        .json()
        .path("items")
        .forEach(i -> keys.add(i.path("kind").asText() + ":" + i.path("id").asLong()));
    return keys;
  }

  private List<String> replicas() {
    return List.of(suite.url("recall-1", 8080), suite.url("recall-2", 8080));
  }

  @Test
  @Order(1)
  void eachServiceAnswersHealthAndMetricsOnTheManagementPortOnlyAsNonRootOnAReadOnlyRoot()
      throws Exception {
    for (Container c : suite.containers.values()) {
      if (!c.published.containsKey(9000)) {
        continue; // the stores
      }
      String management = suite.url(c.alias, 9000);
      for (String probe : List.of("/q/health/started", "/q/health/live", "/q/health/ready")) {
        assertEquals(200, suite.status(management + probe), c.alias + " " + probe);
      }
      if (!c.alias.equals("console")) {
        assertEquals(200, suite.status(management + "/q/metrics"), c.alias + " metrics");
      }
      assertEquals(404, suite.status(suite.url(c.alias, 8080) + "/q/health/ready"), c.alias);
      assertEquals(
          "185", suite.podman.ok("inspect", "--format", "{{.Config.User}}", c.name), c.alias);
      assertEquals(
          "true",
          suite.podman.ok("inspect", "--format", "{{.HostConfig.ReadonlyRootfs}}", c.name),
          c.alias);
    }
  }

  @Test
  @Order(2)
  void writesReachBothReplicasAndRecallAndContextFindThem() {
    Answer written = writeMemory("The lighthouse keeper's cat is called Biscuit");
    assertTrue(written.ok(), written.body());
    memory = written.json().path("id").asLong();
    assertTrue(memory > 0);
    ok(
        "POST",
        capture() + "/v1/exchanges",
        suite.adminKey,
        """
        {"exchanges":[
         {"agent":"%s","chat":"%s","speaker":"erin","role":"user","text":"I live in Tallinn."},
         {"agent":"%s","chat":"%s","speaker":"erin","role":"user",
          "text":"Remember that my locker code is 4471."}]}"""
            .formatted(AGENT, CHAT, AGENT, CHAT));
    // Through the outbox, the balancer, to each replica's own index.
    for (String replica : replicas()) {
      await()
          .atMost(SETTLED)
          .until(() -> recalled(replica, "what is the cat's name?").contains("memory:" + memory));
    }
    JsonNode context =
        ok(
            "POST",
            suite.recallUrl() + "/v1/context",
            suite.adminKey,
            Map.of(
                "agent",
                AGENT,
                "chat",
                CHAT,
                "query",
                "what is the cat called?",
                "budget_tokens",
                2000));
    assertTrue(context.toString().contains("Biscuit"), context.toString());
  }

  @Test
  @Order(3)
  void microClawsOperationsWorkAcrossBothReplicas() {
    int before = suite.balancer.routed().size();
    long inserted;
    try (McpMicroClaw claw = new McpMicroClaw(suite.recallUrl(), suite.adminKey)) {
      assertEquals("2024-11-05", claw.initialize().protocolVersion());
      assertTrue(claw.toolNames().containsAll(List.of("memory_query", "memory_upsert")));
      inserted =
          claw.ok(
                  "memory_upsert",
                  """
                  {"op":"insert","chat_id":42,"content":"User prefers Rust code examples",\
                  "category":"KNOWLEDGE","source":"explicit","confidence":0.95}""")
              .path("id")
              .asLong();
      assertTrue(inserted > 0);
      List<Long> listed = new ArrayList<>();
      claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}")
          .forEach(r -> listed.add(r.path("id").asLong()));
      assertEquals(List.of(inserted), listed);
      assertEquals(
          inserted,
          claw.ok("memory_query", "{\"op\":\"get\",\"id\":" + inserted + "}").path("id").asLong());
      assertEquals("[]", claw.call("memory_query", "{\"op\":\"get\",\"id\":987654321}").text());
    }
    Set<Integer> served =
        suite.balancer.routed().subList(before, suite.balancer.routed().size()).stream()
            .filter(r -> r.path().startsWith("/mcp") && r.session() != null)
            .map(RoundRobinProxy.Routed::backend)
            .collect(Collectors.toSet());
    assertEquals(Set.of(0, 1), served, "one MCP session's calls reached both replicas");
    assertEquals(
        "microclaw",
        ok("GET", capture() + "/v1/memories/" + inserted, suite.adminKey, null)
            .path("agent")
            .asText());
  }

  @Test
  @Order(4)
  void aBackupRestoresWhatWasDeleted() {
    String vault = suite.url("vault-service", 8080);
    String job = ok("POST", vault + "/v1/backups", suite.opsKey, "{}").path("id").asText();
    JsonNode backup = finished(vault + "/v1/backup-jobs/" + job);
    String backupId = backup.path("backup_id").asText();
    assertFalse(backupId.isEmpty(), backup.toString());
    JsonNode catalog = ok("GET", vault + "/v1/backups/" + backupId, suite.opsKey, null);
    assertTrue(catalog.path("encrypted").asBoolean(), catalog.toString());
    assertTrue(catalog.path("verified").asBoolean(), catalog.toString());

    assertEquals(
        204, send("DELETE", capture() + "/v1/memories/" + memory, suite.adminKey, null).status());
    assertEquals(
        404, send("GET", capture() + "/v1/memories/" + memory, suite.adminKey, null).status());

    String restore =
        ok(
                "POST",
                vault + "/v1/restore",
                suite.opsKey,
                "{\"backup\":\"" + backupId + "\",\"mode\":\"replace\",\"dry_run\":false}")
            .path("id")
            .asText();
    finished(vault + "/v1/restore/" + restore);
    assertEquals(
        "The lighthouse keeper's cat is called Biscuit",
        ok("GET", capture() + "/v1/memories/" + memory, suite.adminKey, null)
            .path("text")
            .asText());
    for (String replica : replicas()) {
      await()
          .atMost(SETTLED)
          .until(() -> recalled(replica, "what is the cat's name?").contains("memory:" + memory));
    }
  }

  private JsonNode finished(String jobUrl) {
    JsonNode[] last = new JsonNode[1];
    await()
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> {
              last[0] = send("GET", jobUrl, suite.opsKey, null).json();
              return !last[0].path("state").asText().equals("running")
                  && !last[0].path("state").asText().isEmpty();
            });
    assertEquals("succeeded", last[0].path("state").asText(), last[0].toString());
    return last[0];
  }

  /** Where a key is checked: every service, recall on each replica. */
  private Map<String, Integer> statusWith(String key) {
    Map<String, Integer> status = new LinkedHashMap<>();
    status.put("capture", send("GET", capture() + "/v1/stats", key, null).status());
    status.put(
        "graph", send("GET", suite.url("graph-service", 8080) + "/v1/stats", key, null).status());
    status.put(
        "vault", send("GET", suite.url("vault-service", 8080) + "/v1/backups", key, null).status());
    List<String> replicas = replicas();
    for (int i = 0; i < replicas.size(); i++) {
      status.put(
          "recall-" + (i + 1),
          send(
                  "POST",
                  replicas.get(i) + "/v1/recall",
                  key,
                  Map.of("agent", AGENT, "query", "cat", "k", 1))
              .status());
    }
    return status;
  }

  @Test
  @Order(5)
  void aKeyRemovedFromTheMountedFileIsRefusedWithinSecondsWithoutARestart() throws Exception {
    assertTrue(suite.keysFile() != null, "the services read their keys from a mounted file");
    Map<String, String> startedAt = new LinkedHashMap<>();
    for (Container c : suite.containers.values()) {
      startedAt.put(
          c.alias, suite.podman.ok("inspect", "--format", "{{.State.StartedAt}}", c.name));
    }
    String key = Keys.random();
    suite.writeKeys(
        List.of("gateway-7:" + ContainerSuite.TENANT + ":agent+admin+ops:" + Keys.sha256(key)));
    // Known everywhere: 200, or 403 where the roles do not reach (vault lists backups for an
    // operator of every tenant); 401 is an unknown key.
    everywhere(key, status -> status == 200 || status == 403, Duration.ofSeconds(30));

    suite.writeKeys(List.of());
    long revoked = System.nanoTime();
    everywhere(key, status -> status == 401, Duration.ofSeconds(30));
    double seconds = (System.nanoTime() - revoked) / 1e9;
    System.out.printf("[containers] a revoked key was refused everywhere after %.1f s%n", seconds);
    assertTrue(seconds < 10, "refused after " + seconds + " s");
    assertTrue(
        statusWith(suite.adminKey).values().stream().allMatch(s -> s == 200 || s == 403),
        "the other keys are still accepted");
    for (Container c : suite.containers.values()) {
      assertEquals(
          startedAt.get(c.alias),
          suite.podman.ok("inspect", "--format", "{{.State.StartedAt}}", c.name),
          c.alias + " was not restarted");
    }
  }

  /** Waits until every service answers {@code key} as {@code wanted}; fails showing the last. */
  private void everywhere(String key, java.util.function.IntPredicate wanted, Duration atMost)
      throws InterruptedException {
    long deadline = System.nanoTime() + atMost.toNanos();
    Map<String, Integer> last = statusWith(key);
    while (!last.values().stream().allMatch(wanted::test)) {
      assertTrue(
          System.nanoTime() < deadline,
          "not as wanted everywhere within " + atMost.toSeconds() + " s: " + last);
      Thread.sleep(200);
      last = statusWith(key);
    }
  }

  /** The ids of the memories one replica's index holds (its export's vectors stream). */
  private Set<Long> indexedMemories(String replica) throws IOException {
    Answer export = send("GET", replica + "/internal/v1/export", suite.internalKey, null);
    assertEquals(200, export.status(), export.body());
    Set<Long> ids = new java.util.HashSet<>();
    for (String line : export.body().split("\n")) {
      JsonNode node = line.isBlank() ? MissingNode.getInstance() : JSON.readTree(line);
      if (node.path("stream").asText().equals("vectors")) {
        JsonNode record = node.path("record");
        if (record.path("kind").asText().equals("memory")) {
          ids.add(record.path("id").asLong());
        }
      }
    }
    return ids;
  }

  /** A write capture acknowledged: its id and the unique marker in its text. */
  record Acked(long id, String marker) {}

  @Test
  @Order(6)
  void aSigtermToEachServiceUnderSteadyWritesLosesNoAcknowledgedWrite() throws Exception {
    ConcurrentLinkedQueue<Acked> acked = new ConcurrentLinkedQueue<>();
    ConcurrentLinkedQueue<String> findings = new ConcurrentLinkedQueue<>();
    AtomicInteger unreachable = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    var running = new java.util.concurrent.atomic.AtomicBoolean(true);
    List<Thread> writers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      Thread writer =
          new Thread(
              () -> {
                while (running.get()) {
                  String marker = marker();
                  Answer answer =
                      writeMemory("Spare part " + marker + " is kept in the north storeroom.");
                  if (answer.ok()) {
                    acked.add(new Acked(answer.json().path("id").asLong(), marker));
                  } else if (answer.status() == -1) {
                    unreachable.incrementAndGet();
                  } else if (answer.status() == 503) {
                    refused.incrementAndGet();
                  } else {
                    findings.add(answer.status() + " " + answer.body());
                  }
                  try {
                    Thread.sleep(100);
                  } catch (InterruptedException e) {
                    return;
                  }
                }
              },
              "steady-writer-" + t);
      writer.setDaemon(true);
      writer.start();
      writers.add(writer);
    }
    try {
      Thread.sleep(3000);
      for (String target :
          List.of("graph-service", "vault-service", "recall-1", "recall-2", "capture-service")) {
        stopAndStart(suite.containers.get(target));
        Thread.sleep(3000);
      }
    } finally {
      running.set(false);
      for (Thread writer : writers) {
        writer.join(30_000);
      }
    }
    System.out.printf(
        "[containers] steady writes: %d acknowledged, %d unreachable, %d refused (503)%n",
        acked.size(), unreachable.get(), refused.get());
    assertTrue(findings.isEmpty(), "answers other than 2xx, 503 or no connection: " + findings);
    assertTrue(acked.size() > 50, "only " + acked.size() + " writes acknowledged");
    // Every acknowledged write is in the record, and reaches the index of both replicas.
    for (Acked write : acked) {
      JsonNode stored = ok("GET", capture() + "/v1/memories/" + write.id(), suite.adminKey, null);
      assertTrue(stored.path("text").asText().contains(write.marker()), stored.toString());
    }
    // ... and reaches the index of both replicas (read whole through each one's export).
    for (String replica : replicas()) {
      Set<Long> missing = new java.util.HashSet<>();
      acked.forEach(w -> missing.add(w.id()));
      await()
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofSeconds(3))
          .until(
              () -> {
                missing.removeAll(indexedMemories(replica));
                return missing.isEmpty();
              });
    }
    shutdowns.forEach((k, v) -> System.out.println("[containers] SIGTERM " + k + ": " + v));
    for (Container c : suite.containers.values()) {
      assertEquals(
          "false",
          suite.podman.ok("inspect", "--format", "{{.State.OOMKilled}}", c.name),
          c.alias + " was killed for memory (its limit: components/jvm-images)");
    }
  }

  /**
   * What the kubelet does to a pod: out of the Service's endpoints, preStop (5 s), SIGTERM, and
   * SIGKILL only when the grace period ends; here the stop must end well inside it. Then the pod
   * comes back (its volume kept) and must be ready again.
   */
  private void stopAndStart(Container c) throws Exception {
    int replica = c.alias.startsWith("recall-") ? Integer.parseInt(c.alias.substring(7)) - 1 : -1;
    if (replica >= 0) {
      suite.balancer.drain(replica, true);
    }
    Thread.sleep(5000);
    long signalled = System.nanoTime();
    suite.podman.ok("kill", "--signal", "TERM", c.name);
    Podman.Result waited =
        suite.podman.run(Duration.ofSeconds(c.graceSeconds + 30), "wait", c.name);
    double seconds = (System.nanoTime() - signalled) / 1e9;
    String exit = waited.out().strip();
    shutdowns.put(c.alias, String.format("exit %s after %.1f s", exit, seconds));
    assertTrue(
        seconds < c.graceSeconds - 5,
        c.alias + " took " + seconds + " s to stop (grace " + c.graceSeconds + " s)");
    assertTrue(exit.equals("0") || exit.equals("143"), c.alias + " exited " + exit + " on SIGTERM");
    c.startedNanos = System.nanoTime();
    suite.podman.ok("start", c.name);
    suite.readPorts(c);
    suite.awaitReady(c, Duration.ofMinutes(5));
    if (replica >= 0) {
      suite.balancer.backends(List.of(suite.url("recall-1", 8080), suite.url("recall-2", 8080)));
      suite.balancer.drain(replica, false);
    }
  }

  private static String marker() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    StringBuilder marker = new StringBuilder(10);
    for (int i = 0; i < 10; i++) {
      marker.append((char) ('a' + random.nextInt(26)));
    }
    return marker.toString();
  }

  /** Image sizes, start times and memory per container, for BENCHMARKS.md. */
  private void report() throws IOException {
    StringBuilder report = new StringBuilder();
    report.append("# The suite as containers (ContainersIT)\n\n");
    report.append("load average: ").append(Files.readString(Path.of("/proc/loadavg")).strip());
    report.append(
        "\n\n| container | image | image size | start to ready | RSS | cgroup memory |\n");
    report.append("|---|---|---|---|---|---|\n");
    for (Container c : suite.containers.values()) {
      String size = suite.podman.ok("image", "inspect", "--format", "{{.Size}}", c.image);
      String rss = rssMib(c);
      Podman.Result stats =
          suite.podman.run(
              Duration.ofSeconds(30), "stats", "--no-stream", "--format", "{{.MemUsage}}", c.name);
      String cgroup = stats.ok() ? stats.out().strip() : "-";
      report.append(
          String.format(
              "| %s | %s | %d MiB | %s | %s | %s |%n",
              c.alias,
              c.image,
              Long.parseLong(size) / (1024 * 1024),
              c.startToReady == null
                  ? "-"
                  : String.format("%.1f s", c.startToReady.toMillis() / 1000.0),
              rss,
              cgroup));
    }
    report.append("\nSIGTERM under steady writes: ").append(shutdowns).append('\n');
    Path file = suite.podman.repo().resolve("e2e/target/containers-report.md");
    Files.writeString(file, report);
    System.out.println(report);
  }

  /** The resident set of the container's main process (its VmRSS, read on the host). */
  private String rssMib(Container c) {
    try {
      String pid = suite.podman.ok("inspect", "--format", "{{.State.Pid}}", c.name);
      return Files.readAllLines(Path.of("/proc", pid, "status")).stream()
          .filter(l -> l.startsWith("VmRSS:"))
          .map(l -> (Long.parseLong(l.replaceAll("\\D", "")) / 1024) + " MiB")
          .findFirst()
          .orElse("-");
    } catch (IOException | RuntimeException e) {
      return "-";
    }
  }
}
