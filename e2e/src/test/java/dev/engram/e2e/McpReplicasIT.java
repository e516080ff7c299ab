package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.engram.launcher.Component;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 30: MCP with recall-service running two replicas behind a round-robin balancer with no
 * affinity ({@link RoundRobinProxy}; every service reaches recall through it too). Every test of
 * {@link McpMicroClawChecks} runs here too, each call landing on either replica, and the tests
 * below show one session's calls served by both and a session still answering only the key that
 * opened it on both.
 */
class McpReplicasIT extends McpMicroClawChecks {

  /** The cluster's graceful-shutdown timeout (k8s/base/config.env), given to the second replica. */
  private static final String SHUTDOWN_TIMEOUT = "65s";

  private RoundRobinProxy proxy;
  private Process second;
  private String secondUrl;

  @Override
  @BeforeAll
  void startTheSuite() throws IOException {
    proxy = new RoundRobinProxy();
    started =
        TestSuite.start(
            "e2e-replicas",
            b ->
                gatewayKeys(b)
                    .env(
                        Map.of(
                            "ENGRAM_WARMUP_ROUNDS",
                            "3",
                            "ENGRAM_SERVICES_RECALL_URL",
                            proxy.url())),
            suite -> proxy.backends(List.of(suite.url(Component.RECALL))));
    suite = started.suite;
    secondUrl = startSecondReplica();
    proxy.backends(List.of(suite.url(Component.RECALL), secondUrl));
  }

  @Override
  @AfterAll
  void stopTheSuite() throws IOException {
    try {
      if (second != null) {
        second.destroy();
        second.waitFor();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      if (proxy != null) {
        proxy.close();
      }
      if (started != null) {
        started.close();
      }
    }
  }

  @Override
  String mcpBase() {
    return proxy.url();
  }

  /**
   * A second recall-service process as the suite starts its own: the same shared configuration
   * (keys, internal key, service URLs), its own port and its own Lucene index, and the cluster's
   * graceful-shutdown timeout.
   */
  private String startSecondReplica() throws IOException {
    int port;
    try (var socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path root = Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
    Path dir = Files.createDirectories(started.home.resolve("recall-b"));
    Path tmp = Files.createDirectories(dir.resolve("tmp"));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(
        List.of(
            "-Xmx768m",
            "--enable-native-access=ALL-UNNAMED",
            "--add-modules=jdk.incubator.vector",
            "-Djava.io.tmpdir=" + tmp,
            "-jar",
            root.resolve("recall-service/target/quarkus-app/quarkus-run.jar").toString()));
    ProcessBuilder builder = new ProcessBuilder(command);
    Map<String, String> env = builder.environment();
    env.putAll(suite.sharedEnvironment());
    env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
    env.put("ENGRAM_RECALL_INDEX_DIR", dir.resolve("index").toString());
    env.put("ENGRAM_SERVICES_RECALL_URL", proxy.url());
    env.put("ENGRAM_WARMUP_ROUNDS", "3");
    env.put("QUARKUS_SHUTDOWN_TIMEOUT", SHUTDOWN_TIMEOUT);
    builder
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("recall-b.log").toFile()));
    second = builder.start();
    String url = "http://127.0.0.1:" + port;
    HttpClient http = HttpClient.newHttpClient();
    Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
    while (Instant.now().isBefore(deadline)) {
      try {
        HttpResponse<String> ready =
            http.send(
                HttpRequest.newBuilder(URI.create(url + "/q/health/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (ready.statusCode() == 200) {
          return url;
        }
      } catch (IOException e) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
      assertTrue(second.isAlive(), "the second replica exited: see " + dir.resolve("recall-b.log"));
      try {
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException(e);
      }
    }
    throw new IOException("the second replica was not ready in 3 minutes: " + dir);
  }

  /**
   * Issue 30's whole turn ({@link WholeTurn}: session start, context, turns appended, checkpoint,
   * session end, the Reflector's work in the next session's context) with every call balanced over
   * both replicas, agent and chat from headers set once.
   */
  @Test
  void aWholeTurnRunsThroughBothReplicas() {
    String agent = "replica-bot";
    String chat = "telegram:5050";
    int before = proxy.routed().size();
    try (McpMicroClaw gateway =
        new McpMicroClaw(
            mcpBase() + "/mcp",
            Map.of(
                "Authorization", "Bearer " + GATEWAY_KEY,
                "X-Engram-Agent", agent,
                "X-Engram-Chat", chat),
            "2025-06-18")) {
      gateway.initialize();
      WholeTurn.Result turn = WholeTurn.run(gateway.client(), agent, chat, true);
      assertTrue(turn.memoryText().contains("Lisbon"), turn.memoryText());
    }
    Set<Integer> replicas =
        proxy.routed().subList(before, proxy.routed().size()).stream()
            .filter(r -> r.path().equals("/mcp"))
            .map(RoundRobinProxy.Routed::backend)
            .collect(Collectors.toSet());
    assertEquals(Set.of(0, 1), replicas, "the turn's MCP calls landed on both replicas");
  }

  @Test
  void oneSessionIsServedByBothReplicas() {
    int before = proxy.routed().size();
    try (McpMicroClaw claw = new McpMicroClaw(mcpBase(), GATEWAY_KEY)) {
      claw.initialize();
      for (int i = 0; i < 6; i++) {
        assertTrue(claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":null}").isArray());
      }
    }
    Map<String, Set<Integer>> replicasBySession = new HashMap<>();
    for (RoundRobinProxy.Routed r : proxy.routed().subList(before, proxy.routed().size())) {
      if ("POST".equals(r.method()) && r.path().equals("/mcp") && r.session() != null) {
        replicasBySession.computeIfAbsent(r.session(), s -> new HashSet<>()).add(r.backend());
      }
    }
    assertEquals(1, replicasBySession.size(), "one session: " + replicasBySession);
    assertEquals(
        Set.of(0, 1),
        replicasBySession.values().iterator().next(),
        "its calls landed on both replicas");
  }

  @Test
  void aSessionAnswersOnlyItsKeyOnEveryReplica() throws Exception {
    RawMcp owner = new RawMcp(mcpBase(), GATEWAY_KEY);
    RawMcp other = new RawMcp(mcpBase(), OTHER_TENANT_KEY);
    String session = owner.open("2025-06-18");
    String list = RawMcp.call(2, "tools/list", "{}");
    List<Integer> statuses = new ArrayList<>();
    int before = proxy.routed().size();
    for (int i = 0; i < 4; i++) { // alternate replicas: two calls reach each
      statuses.add(other.post(session, list).status());
    }
    Set<Integer> refusedOn =
        proxy.routed().subList(before, proxy.routed().size()).stream()
            .map(RoundRobinProxy.Routed::backend)
            .collect(Collectors.toSet());
    assertEquals(Set.of(0, 1), refusedOn, "the other key's calls reached both replicas");
    assertEquals(List.of(404, 404, 404, 404), statuses, "another tenant's key");
    for (int i = 0; i < 2; i++) {
      RawMcp.Answer answer = owner.post(session, list);
      assertEquals(200, answer.status(), answer.body());
      assertTrue(answer.message().path("result").path("tools").size() > 2, answer.body());
    }
    String forged = session.substring(0, session.lastIndexOf('.') + 1) + "A".repeat(22);
    assertEquals(404, owner.post(forged, list).status(), "a session id not issued");
    assertEquals(200, owner.send("DELETE", session, null).status());
  }

  /**
   * Issue 32: a replica stops at once (SIGTERM, as a rollout stops a pod) while a gateway holds its
   * session's event stream (GET /mcp) open on it: the stream is ended when shutdown begins and the
   * client sees it end, instead of Quarkus waiting the whole graceful-shutdown timeout for it.
   */
  @Test
  void aReplicaStopsAtOnceWithAnEventStreamOpen() throws Exception {
    String session = new RawMcp(secondUrl, GATEWAY_KEY).open("2025-06-18");
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    HttpResponse<InputStream> stream =
        http.send(
            HttpRequest.newBuilder(URI.create(secondUrl + "/mcp"))
                .header("Authorization", "Bearer " + GATEWAY_KEY)
                .header("Accept", "text/event-stream")
                .header("Mcp-Session-Id", session)
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, stream.statusCode(), "the event stream opened on the replica holding it");
    BufferedReader events =
        new BufferedReader(new InputStreamReader(stream.body(), StandardCharsets.UTF_8));
    String first = events.readLine(); // the extension's first event: the stream is open
    assertTrue(first != null && first.startsWith("event:"), "first line: " + first);
    CompletableFuture<Boolean> ended =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                while (events.readLine() != null) {
                  // events until the stream ends
                }
                return true;
              } catch (IOException e) {
                return false; // cut off rather than ended
              }
            });
    proxy.drain(1, true); // the pod leaves the Service's endpoints as it stops
    try {
      long began = System.nanoTime();
      second.destroy(); // SIGTERM
      if (!second.waitFor(40, TimeUnit.SECONDS)) {
        second.destroyForcibly().waitFor();
        fail(
            "the replica did not stop within 40 s of SIGTERM (graceful-shutdown timeout "
                + SHUTDOWN_TIMEOUT
                + ") with an MCP event stream open");
      }
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began);
      System.out.println("[replicas] recall-b stopped in " + seconds + " s, its event stream open");
      assertTrue(seconds < 20, "stopped in " + seconds + " s with an MCP event stream open");
      assertTrue(ended.get(10, TimeUnit.SECONDS), "the client saw its event stream end");
    } finally {
      http.shutdownNow();
      if (!second.isAlive()) {
        secondUrl = startSecondReplica(); // the later tests of this class use both replicas
        proxy.backends(List.of(suite.url(Component.RECALL), secondUrl));
      }
      proxy.drain(1, false);
    }
    new RawMcp(secondUrl, GATEWAY_KEY).open("2025-06-18"); // the restarted replica serves MCP
  }
}
