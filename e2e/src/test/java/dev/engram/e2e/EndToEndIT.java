package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The packaged services and the embedded PostgreSQL and Neo4j, started as separate processes
 * exactly as {@code ./engram up} starts them, driven over their public REST APIs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EndToEndIT {

  private static final String OTHER_TENANT_KEY = Keys.random();
  private static final String AGENT_ONLY_KEY = Keys.random();
  private static final Duration INDEXED = Duration.ofSeconds(60);

  private TestSuite started;
  private Path home;
  private Suite suite;

  @BeforeAll
  void startTheSuite() throws IOException {
    started =
        TestSuite.start(
            "e2e",
            b ->
                b.extraKeys(
                    List.of(
                        "e2e-globex:globex:agent+admin:" + Keys.sha256(OTHER_TENANT_KEY),
                        "e2e-agent:local:agent:" + Keys.sha256(AGENT_ONLY_KEY))));
    suite = started.suite;
    home = started.home;
  }

  @AfterAll
  void stopTheSuite() throws IOException {
    if (started != null) {
      started.close();
    }
  }

  private RequestSpecification as(String key, Component service) {
    return SuiteRequests.as(suite, key, service);
  }

  private long remember(String key, String agent, String chat, String text) {
    return as(key, Component.CAPTURE)
        .body(Map.of("agent", agent, "chat", chat, "category", "KNOWLEDGE", "text", text))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  private JsonPath recall(String key, String agent, String chat, String query, int k) {
    return as(key, Component.RECALL)
        .body(Map.of("agent", agent, "chat", chat, "query", query, "k", k))
        .post("/v1/recall")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }

  /** Ids of the memories a recall returns (exchanges number apart: memory 1 is not exchange 1). */
  private List<Long> recalledIds(String key, String agent, String chat, String query, int k) {
    return recalledIds("memory", key, agent, chat, query, k);
  }

  private List<Long> recalledIds(
      String kind, String key, String agent, String chat, String query, int k) {
    List<Long> ids = new ArrayList<>();
    for (Object id :
        recall(key, agent, chat, query, k)
            .getList("items.findAll { it.kind == '" + kind + "' }.id")) {
      ids.add(((Number) id).longValue());
    }
    return ids;
  }

  @Test
  @Order(1)
  void everyServiceIsReady() {
    for (Component service : Component.services()) {
      given()
          .baseUri(suite.url(service))
          .get("/q/health/ready")
          .then()
          .statusCode(200)
          .body("status", equalTo("UP"));
    }
  }

  @Test
  @Order(2)
  void anAcknowledgedWriteIsRecalledByMeaningAndByKeyword() {
    String admin = suite.adminKey();
    long memory =
        remember(admin, "bot", "telegram:42", "Alice's daughter Maya is allergic to peanuts");
    long exchange =
        as(admin, Component.CAPTURE)
            .body(
                """
                {"exchanges":[{"agent":"bot","chat":"telegram:42","speaker":"alice","role":"user",
                 "text":"We booked the flight to Reykjavik for the 14th of March",
                 "occurred_at":"2026-03-01T10:00:00Z","metadata":{"dia_id":"D1:1"}}]}""")
            .post("/v1/exchanges")
            .then()
            .statusCode(201)
            .extract()
            .jsonPath()
            .getLong("items[0].id");

    await()
        .atMost(INDEXED)
        .until(
            () ->
                recalledIds(admin, "bot", "telegram:42", "which food must the child avoid?", 5)
                    .contains(memory));
    // The turn is indexed once a keyword recall puts it first, either itself or (the Reflector's
    // timer may have noted it by then) a memory made from it: the two take one place
    // (evidence.fold-sources) and whichever ranks higher stands for both.
    await()
        .atMost(INDEXED)
        .until(() -> standsFor(recall(admin, "bot", "telegram:42", "Reykjavik", 5), exchange));
    JsonPath byKeyword = recall(admin, "bot", "telegram:42", "Reykjavik", 5);
    assertTrue(standsFor(byKeyword, exchange), byKeyword.prettify());
    assertTrue(byKeyword.getMap("items[0].signals").containsKey("keyword"), byKeyword.prettify());
    if ("exchange".equals(byKeyword.getString("items[0].kind"))) {
      assertEquals("D1:1", byKeyword.getString("items[0].metadata.dia_id"));
    }
  }

  @Test
  @Order(2)
  void theConsoleStartedWithTheSuiteSignsInAgainstCaptureAndSearchesWithRecall()
      throws IOException {
    given()
        .baseUri(suite.url(Component.CONSOLE))
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("status", equalTo("UP"));
    // Started exactly as ./engram up starts it: handed no key of the suite.
    String environ =
        Files.readString(
            Path.of("/proc", Long.toString(suite.pid(Component.CONSOLE).getAsLong()), "environ"),
            StandardCharsets.ISO_8859_1);
    assertFalse(environ.contains(suite.internalKey()), "the console got the internal key");
    assertFalse(environ.contains("ENGRAM_AUTH_KEYS"), "the console got the key hashes");

    String admin = suite.adminKey();
    long memory =
        remember(admin, "console-bot", "telegram:77", "Maya keeps her climbing shoes in locker 42");
    await()
        .atMost(INDEXED)
        .until(
            () ->
                recalledIds(admin, "console-bot", "telegram:77", "where are the climbing shoes?", 5)
                    .contains(memory));
    String session = ConsoleHttp.signIn(suite, admin);
    String search =
        given()
            .baseUri(suite.url(Component.CONSOLE))
            .cookie("engram_session", session)
            .queryParam("q", "where are the climbing shoes?")
            .queryParam("agent", "console-bot")
            .queryParam("chat", "telegram:77")
            .get("/search")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertTrue(search.contains("Maya keeps her climbing shoes in locker 42"), search);
    assertTrue(search.contains("semantic #"), "each hit with the signals that found it: " + search);
    given()
        .baseUri(suite.url(Component.CONSOLE))
        .cookie("engram_session", session)
        .get("/memories/" + memory)
        .then()
        .statusCode(200)
        .body(containsString("locker 42"));
    // Another tenant's key signs in too, and the console shows it nothing of tenant local.
    String other =
        given()
            .baseUri(suite.url(Component.CONSOLE))
            .cookie("engram_session", ConsoleHttp.signIn(suite, OTHER_TENANT_KEY))
            .get("/memories")
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertFalse(other.contains("locker 42"), other);
  }

  /** Whether the first item is the exchange, or a memory made from it. */
  private static boolean standsFor(JsonPath answer, long exchange) {
    if (answer.getList("items").isEmpty()) {
      return false;
    }
    if ("exchange".equals(answer.getString("items[0].kind"))) {
      return answer.getLong("items[0].id") == exchange;
    }
    List<Object> sources = answer.getList("items[0].source_exchange_ids");
    return sources.stream().anyMatch(id -> ((Number) id).longValue() == exchange);
  }

  @Test
  @Order(3)
  void oneTenantNeverSeesAnothersMemories() {
    long secret =
        remember(OTHER_TENANT_KEY, "bot", "telegram:42", "Project BLUEFIN launches in June");
    await()
        .atMost(INDEXED)
        .until(
            () ->
                recalledIds(OTHER_TENANT_KEY, "bot", "telegram:42", "BLUEFIN launch", 10)
                    .contains(secret));
    assertFalse(
        recalledIds(suite.adminKey(), "bot", "telegram:42", "BLUEFIN launch", 50).contains(secret));
    as(suite.adminKey(), Component.CAPTURE).get("/v1/memories/" + secret).then().statusCode(404);
  }

  @Test
  @Order(4)
  void missingWrongAndUnderprivilegedKeysAreRefused() {
    Map<Component, String> protectedReads =
        Map.of(
            Component.CAPTURE, "/v1/memories",
            Component.GRAPH, "/v1/stats",
            Component.VAULT, "/v1/backups");
    protectedReads.forEach(
        (service, path) ->
            given()
                .baseUri(suite.url(service))
                .get(path)
                .then()
                .statusCode(401)
                .contentType("application/problem+json"));
    given()
        .baseUri(suite.url(Component.CAPTURE))
        .contentType(ContentType.JSON)
        .body(Map.of("agent", "bot", "text", "x"))
        .post("/v1/memories")
        .then()
        .statusCode(401)
        .contentType("application/problem+json")
        .body("code", equalTo("unauthenticated"));
    as("egk_not-a-real-key", Component.RECALL)
        .body(Map.of("agent", "bot", "chat", "c", "query", "q"))
        .post("/v1/recall")
        .then()
        .statusCode(401);
    as(AGENT_ONLY_KEY, Component.CAPTURE)
        .body(Map.of("scope", "GLOBAL", "text", "everyone should know"))
        .post("/v1/memories")
        .then()
        .statusCode(403)
        .contentType("application/problem+json");
    as(AGENT_ONLY_KEY, Component.CAPTURE).post("/v1/admin/reindex").then().statusCode(403);
    as(AGENT_ONLY_KEY, Component.RECALL)
        .body(Map.of("operations", List.of(Map.of("op", "reset", "tenant", "local"))))
        .post("/internal/v1/index/operations")
        .then()
        .statusCode(403);
    as(AGENT_ONLY_KEY, Component.VAULT).get("/v1/backups").then().statusCode(403);
  }

  @Test
  @Order(4)
  void aKeyMadeWithTheCliIsAcceptedAtOnceAndRefusedOnceRevoked() throws Exception {
    CliResult created = engram("key", "create", "--tenant", "cli-made", "--roles", "agent");
    String key = created.out().strip();
    Matcher id = Pattern.compile("Created key (key-[0-9a-f]+) ").matcher(created.err());
    assertTrue(id.find(), created.err());
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> as(key, Component.CAPTURE).get("/v1/memories").then().statusCode(200));
    // Each service reads the key store on its own: recall may learn the key a moment after
    // capture, within the same bound.
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () ->
                as(key, Component.RECALL)
                    .body(Map.of("agent", "bot", "chat", "c", "query", "q"))
                    .post("/v1/recall")
                    .then()
                    .statusCode(200));
    engram("key", "revoke", id.group(1));
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> as(key, Component.CAPTURE).get("/v1/memories").then().statusCode(401));
  }

  private record CliResult(String out, String err) {}

  /** Runs {@code ./engram ARGS} against this suite's home, as a person would; exit 0 expected. */
  private CliResult engram(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", "engram"));
    command.addAll(List.of(args));
    Path root = Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
    ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile());
    builder.environment().put("ENGRAM_HOME", home.toString());
    Path err = Files.createTempFile(home, "cli-", ".err");
    Process process = builder.redirectError(err.toFile()).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "./engram " + String.join(" ", args));
    String errText = Files.readString(err);
    assertEquals(0, process.exitValue(), errText);
    return new CliResult(out, errText);
  }

  @Test
  @Order(5)
  void malformedBodiesAre400ProblemsAndStoreNothing() {
    String admin = suite.adminKey();
    String agent = "malformed-" + System.nanoTime();
    for (String body :
        List.of(
            "{\"agent\":\"" + agent + "\",\"text\":",
            "{\"agent\":\"" + agent + "\"}",
            "{\"agent\":\"" + agent + "\",\"text\":\"x\",\"confidence\":\"high\"}",
            "[1,2,3]")) {
      as(admin, Component.CAPTURE)
          .body(body)
          .post("/v1/memories")
          .then()
          .statusCode(400)
          .contentType("application/problem+json")
          .body("status", equalTo(400));
    }
    as(admin, Component.CAPTURE)
        .body("{\"exchanges\":[{\"agent\":\"" + agent + "\",\"chat\":\"c\",\"role\":\"user\"}]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(400)
        .contentType("application/problem+json");
    as(admin, Component.CAPTURE)
        .queryParam("agent", agent)
        .get("/v1/memories")
        .then()
        .statusCode(200)
        .body("items.size()", equalTo(0));
    as(admin, Component.CAPTURE)
        .queryParam("agent", agent)
        .queryParam("chat", "c")
        .get("/v1/exchanges")
        .then()
        .body("items.size()", equalTo(0));
    as(admin, Component.RECALL)
        .body(Map.of("agent", "bot", "chat", "c", "query", "q", "k", 0))
        .post("/v1/recall")
        .then()
        .statusCode(400)
        .contentType("application/problem+json");
  }

  @Test
  @Order(6)
  void writesMadeWhileRecallIsDownAreRecallableAfterItsRestart() {
    String admin = suite.adminKey();
    String chat = "outage-" + System.nanoTime();
    suite.stop(Component.RECALL);
    List<Long> ids = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      ids.add(remember(admin, "bot", chat, "ledger entry number " + i + " about the outage"));
    }
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                given()
                        .baseUri(suite.url(Component.CAPTURE))
                        .get("/q/health/ready")
                        .then()
                        .extract()
                        .jsonPath()
                        .getInt("checks.find { it.name == 'outbox' }.data.pending_events")
                    >= 20);

    suite.start(Component.RECALL);
    await()
        .atMost(INDEXED)
        .until(() -> recalledIds(admin, "bot", chat, "ledger entry outage", 50).containsAll(ids));
  }

  @Test
  @Order(7)
  void readinessNamesTheDependencyThatIsDown() throws IOException {
    suite.stop(Component.NEO4J);
    Response graph = given().baseUri(suite.url(Component.GRAPH)).get("/q/health/ready");
    assertEquals(503, graph.statusCode());
    assertTrue(graph.asString().toLowerCase().contains("neo4j"), graph.asString());
    suite.start(Component.NEO4J);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                given().baseUri(suite.url(Component.GRAPH)).get("/q/health/ready").statusCode()
                    == 200);

    suite.stop(Component.POSTGRES);
    Response capture = given().baseUri(suite.url(Component.CAPTURE)).get("/q/health/ready");
    assertEquals(503, capture.statusCode());
    assertTrue(capture.asString().contains("PostgreSQL"), capture.asString());
    as(suite.adminKey(), Component.CAPTURE)
        .body(Map.of("agent", "bot", "text", "written while the database is down"))
        .post("/v1/memories")
        .then()
        .statusCode(503)
        .contentType("application/problem+json");
    suite.start(Component.POSTGRES);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                given().baseUri(suite.url(Component.CAPTURE)).get("/q/health/ready").statusCode()
                    == 200);
    remember(suite.adminKey(), "bot", "after-restart", "the database is back");

    Path backups = home.resolve("backups");
    Path moved = home.resolve("backups-away");
    Files.move(backups, moved);
    Response vault = given().baseUri(suite.url(Component.VAULT)).get("/q/health/ready");
    Files.move(moved, backups);
    assertEquals(503, vault.statusCode());
    assertTrue(vault.asString().contains(backups.toString()), vault.asString());
    given().baseUri(suite.url(Component.VAULT)).get("/q/health/ready").then().statusCode(200);
  }

  @Test
  @Order(8)
  void dataSurvivesDownAndUp() {
    String admin = suite.adminKey();
    long id = remember(admin, "bot", "durable", "the harbour crane is painted orange");
    await()
        .atMost(INDEXED)
        .until(() -> recalledIds(admin, "bot", "durable", "harbour crane colour", 5).contains(id));
    suite.down();
    suite.up();
    assertEquals(admin, suite.adminKey());
    as(admin, Component.CAPTURE)
        .get("/v1/memories/" + id)
        .then()
        .statusCode(200)
        .body("text", equalTo("the harbour crane is painted orange"));
    assertTrue(recalledIds(admin, "bot", "durable", "harbour crane colour", 5).contains(id));
  }

  @Test
  @Order(9)
  void captureFeedsTheGraphAndRecallNoLongerWaitsForIt() {
    String admin = suite.adminKey();
    String chat = "graph-e2e";
    String query = "Who is Zephyrine Okafor?";
    long names = remember(admin, "bot", chat, "Zephyrine Okafor works at the Halvorsen shipyard");
    long other = remember(admin, "bot", chat, "The Halvorsen shipyard launched a research vessel");
    // capture -> outbox -> graph-service links the memory to the entities it names: graph-service's
    // neighbours of the name in the query are her memory, not the other one. Right after the
    // restart in dataSurvivesDownAndUp a cold Neo4j may answer late (graph-service's 503): wait.
    await()
        .atMost(INDEXED)
        .ignoreExceptions()
        .until(() -> graphNeighbours(chat, query).contains(names));
    assertFalse(graphNeighbours(chat, query).contains(other), "names Halvorsen, not her");
    // recall's graph list is off by default (weights.graph 0: recall-service README, Signals):
    // recall finds her by its own lists, never calls graph-service and so never skips it.
    await().atMost(INDEXED).until(() -> recalledIds(admin, "bot", chat, query, 10).contains(names));
    JsonPath answer = recall(admin, "bot", chat, query, 10);
    assertEquals(names, ((Number) answer.get("items[0].id")).longValue(), answer.prettify());
    assertEquals(List.of(), answer.getList("skipped_signals"), answer.prettify());
    assertEquals(null, (Object) answer.get("items[0].signals.graph"), answer.prettify());
  }

  /** The memories graph-service links to the names in {@code query} (its internal neighbours). */
  private List<Long> graphNeighbours(String chat, String query) {
    List<Map<String, Object>> items =
        given()
            .baseUri(suite.url(Component.GRAPH))
            .header("Authorization", "Bearer " + suite.internalKey())
            .contentType(ContentType.JSON)
            .body(Map.of("tenant", "local", "agent", "bot", "chat", chat, "query", query))
            .post("/internal/v1/graph/neighbours")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items");
    List<Long> ids = new ArrayList<>();
    for (Map<String, Object> item : items) {
      if ("memory".equals(item.get("kind"))) {
        ids.add(((Number) item.get("id")).longValue());
      }
    }
    return ids;
  }

  @Test
  @Order(10)
  void theReflectorsFactsReachTheTemporalGraph() {
    String admin = suite.adminKey();
    String chat = "reflector-e2e";
    as(admin, Component.CAPTURE)
        .body(
            """
            {"exchanges":[
             {"agent":"bot","chat":"reflector-e2e","speaker":"dana","role":"user",
              "text":"I live in Lisbon.","occurred_at":"2023-01-10T10:00:00Z"},
             {"agent":"bot","chat":"reflector-e2e","speaker":"dana","role":"user",
              "text":"Actually, I moved to Porto last week.","occurred_at":"2025-06-10T10:00:00Z"}
            ]}""")
        .post("/v1/exchanges")
        .then()
        .statusCode(201);
    as(admin, Component.CAPTURE)
        .queryParam("agent", "bot")
        .queryParam("chat", chat)
        .post("/v1/reflector/run")
        .then()
        .statusCode(200)
        .body("status", equalTo("SUCCEEDED"));
    // capture's facts reach graph-service through the outbox, with their world times.
    await()
        .atMost(INDEXED)
        .until(
            () ->
                SuiteRequests.livedIn(suite, admin, "dana", "2024-01-01T00:00:00Z")
                    .equals(List.of("Lisbon")));
    await()
        .atMost(INDEXED)
        .until(() -> SuiteRequests.livedIn(suite, admin, "dana", null).equals(List.of("Porto")));
  }
}
