package dev.engram.e2e;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * docs/gateways.md, run as a reader would run it: every {@code sh} block in order, in one shell
 * environment (variables and functions carry from block to block), from the repository root with
 * this suite's home; and its {@code mcp.json} connected to with a real MCP client. Then what each
 * step promised is checked over the REST API.
 */
@Tag(SharedSuite.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewaysGuideIT {

  private static final Path ROOT =
      Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
  private static final Path GUIDE = ROOT.resolve("docs/gateways.md");
  private static final Pattern BLOCK = Pattern.compile("(?ms)^```(sh|json)\\n(.*?)^```\\n");
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension static final SharedSuite SHARED = SharedSuite.withoutKeys();

  private TestSuite started;
  private Suite suite;

  @BeforeAll
  void useTheSharedSuite() {
    started = SHARED.started();
    suite = started.suite;
  }

  private record Block(String language, String text) {}

  private static List<Block> blocks() throws IOException {
    Matcher m = BLOCK.matcher(Files.readString(GUIDE, StandardCharsets.UTF_8));
    List<Block> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(new Block(m.group(1), m.group(2)));
    }
    return blocks;
  }

  @Test
  void everyExampleOfTheGuideWorksAgainstARunningSuite() throws Exception {
    List<Block> blocks = blocks();
    List<Block> shell = blocks.stream().filter(b -> b.language().equals("sh")).toList();
    assertTrue(shell.size() >= 8, "the guide's shell examples: " + shell.size());
    Path environment = Files.createTempFile(started.home, "guide-", ".env");
    Map<String, String> outputs = new LinkedHashMap<>();
    for (Block block : shell) {
      if (block.text().contains("/v1/context")) {
        // The explicit "remember" of the previous step reaches the index through the outbox.
        await().atMost(Duration.ofSeconds(60)).until(() -> recallFinds(environment, "vegetarian"));
      }
      outputs.put(block.text(), run(block.text(), environment));
    }
    String key = variable(environment, "ENGRAM_API_KEY");
    assertTrue(key.startsWith("egk_"), "section 0 made a key: " + key);

    String mcp = output(outputs, "\"name\":\"recall\"");
    assertTrue(mcp.contains("\"session_start\"") && mcp.contains("\"checkpoint\""), mcp);
    assertFalse(mcp.contains("\"isError\":true"), mcp);

    String start = output(outputs, "/v1/sessions/start");
    assertTrue(start.contains("\"session\":\"s-2026-11-24\""), start);

    String context = output(outputs, "/v1/context");
    assertTrue(context.contains("Bob is vegetarian"), context);
    assertTrue(context.contains("Person: alice"), context);

    JsonPath session =
        SuiteRequests.as(suite, key, Component.CAPTURE)
            .queryParam("agent", "bot1")
            .get("/v1/sessions/s-2026-11-24")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    assertNotNull(session.getString("ended_at"), session.prettify());
    assertEquals(1, session.getInt("checkpoints"), session.prettify());
    String day =
        SuiteRequests.as(suite, key, Component.CAPTURE)
            .queryParam("agent", "bot1")
            .queryParam("chat", "telegram:42")
            .get("/v1/days/" + LocalDate.now(ZoneOffset.UTC))
            .then()
            .statusCode(200)
            .extract()
            .asString();
    assertTrue(day.contains("s-2026-11-24"), day);

    String after =
        SuiteRequests.as(suite, key, Component.RECALL)
            .body(
                Map.of(
                    "agent", "bot1",
                    "chat", "telegram:42",
                    "thread", "oslo-trip",
                    "budget_tokens", 4000))
            .post("/v1/context")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getString("text");
    assertTrue(after.contains("Alice writes in English"), after);
    // The shell session of section 5 ran last in this thread: its checkpoint and handoff lead.
    assertTrue(after.contains("confirm the booking with Alice"), after);

    String cli = output(outputs, "./engram session start");
    assertTrue(cli.contains("s-cli-1"), cli);

    microClawConnectsWithTheGuidesMcpJson(blocks, key);
    sessionsAndFactsOverMcp(key);
  }

  /**
   * The session tools and a fact over MCP, against the real capture, graph and recall: a fact
   * stated with fact_add reaches the context of the person it is about once the graph has it, and
   * its superseded value never does.
   */
  private void sessionsAndFactsOverMcp(String key) {
    try (McpMicroClaw client = new McpMicroClaw(suite.url(Component.RECALL), key)) {
      client.initialize();
      JsonNode started =
          client.ok(
              "session_start",
              "{\"agent\":\"bot1\",\"chat\":\"telegram:7\",\"thread\":\"move\","
                  + "\"session\":\"s-mcp-1\",\"first_message\":\"Where does Dora live?\","
                  + "\"budget_tokens\":1500}");
      assertEquals("s-mcp-1", started.at("/session/session").asText(), started.toString());
      client.ok(
          "fact_add",
          "{\"agent\":\"bot1\",\"chat\":\"telegram:7\",\"subject\":\"Dora\","
              + "\"predicate\":\"lives_in\",\"object\":\"Lisbon\"}");
      client.ok(
          "fact_add",
          "{\"agent\":\"bot1\",\"chat\":\"telegram:7\",\"subject\":\"Dora\","
              + "\"predicate\":\"lives_in\",\"object\":\"Porto\"}");
      client.ok(
          "checkpoint",
          "{\"agent\":\"bot1\",\"session\":\"s-mcp-1\",\"chat\":\"telegram:7\","
              + "\"thread\":\"move\",\"summary\":\"Dora is moving\","
              + "\"commitments\":[\"send Dora the removal quotes\"]}");
      await()
          .atMost(Duration.ofSeconds(60))
          .untilAsserted(
              () -> {
                String text =
                    client
                        .ok(
                            "context",
                            "{\"agent\":\"bot1\",\"chat\":\"telegram:7\","
                                + "\"thread\":\"move\",\"query\":\"Where does Dora live?\","
                                + "\"budget_tokens\":2000}")
                        .get("text")
                        .asText();
                assertTrue(text.contains("Dora lives_in Porto"), text);
                assertFalse(text.contains("Lisbon"), text);
                assertTrue(text.contains("send Dora the removal quotes"), text);
              });
      JsonNode ended =
          client.ok(
              "session_end",
              "{\"agent\":\"bot1\",\"session\":\"s-mcp-1\",\"chat\":\"telegram:7\","
                  + "\"thread\":\"move\"}");
      assertTrue(
          ended.at("/handoff/content").asText().contains("send Dora the removal quotes"),
          ended.toString());
      assertFalse(ended.at("/session/ended_at").isNull(), ended.toString());
    }
  }

  /** The guide's mcp.json, with this suite's port and the key, drives memory_upsert/query. */
  private void microClawConnectsWithTheGuidesMcpJson(List<Block> blocks, String key)
      throws IOException {
    Block config =
        blocks.stream()
            .filter(b -> b.language().equals("json") && b.text().contains("mcpServers"))
            .findFirst()
            .orElseThrow();
    JsonNode root =
        JSON.readTree(
            config
                .text()
                .replace("http://127.0.0.1:8082", suite.url(Component.RECALL))
                .replace("<api key>", key));
    JsonNode server = root.get("mcpServers").get("engram");
    assertEquals("streamable_http", server.get("transport").asText());
    Map<String, String> headers = new LinkedHashMap<>();
    server.get("headers").properties().forEach(h -> headers.put(h.getKey(), h.getValue().asText()));
    try (McpMicroClaw claw =
        new McpMicroClaw(
            server.get("endpoint").asText(),
            headers,
            root.get("defaultProtocolVersion").asText())) {
      claw.initialize();
      assertTrue(claw.toolNames().containsAll(List.of("memory_query", "memory_upsert")));
      long id =
          claw.ok(
                  "memory_upsert",
                  "{\"op\":\"insert\",\"chat_id\":42,\"content\":\"Carol likes jazz\","
                      + "\"category\":\"PROFILE\",\"source\":\"explicit\",\"confidence\":0.95}")
              .get("id")
              .asLong();
      JsonNode listed = claw.ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}");
      assertTrue(listed.toString().contains("Carol likes jazz"), listed.toString());
      JsonPath stored =
          SuiteRequests.as(suite, key, Component.CAPTURE)
              .get("/v1/memories/" + id)
              .then()
              .statusCode(200)
              .extract()
              .jsonPath();
      assertEquals(headers.get("X-Engram-Agent"), stored.getString("agent"));
      assertEquals("microclaw:42", stored.getString("chat"));
    }
  }

  /**
   * What README's "Next:" after {@code ./engram up} tells a newcomer to run: {@code ./engram demo}
   * stores its conversation and memories, and recall's first answer to "Where does Alice live?" is
   * the Lisbon memory, and the semantic list ranked it first too.
   */
  @Test
  void theDemoPutsTheLisbonMemoryFirst() throws Exception {
    Path environment = Files.createTempFile(started.home, "demo-", ".env");
    String out = run("./engram demo", environment);
    List<String> lines = out.lines().toList();
    int asked = lines.indexOf("recall \"Where does Alice live?\"");
    assertTrue(asked >= 0, out);
    String first = lines.get(asked + 1);
    assertTrue(
        first.matches("\\s+1\\. memory\\s+.*Alice lives in Lisbon; she moved there last month\\."),
        "the Lisbon memory first:\n" + out);
    String foundBy = lines.get(asked + 2).strip();
    assertTrue(foundBy.startsWith("found by: semantic #1 "), foundBy);
  }

  /** Runs one block in bash with the environment the earlier blocks left; its stdout. */
  private String run(String block, Path environment) throws IOException, InterruptedException {
    String script =
        "set -euo pipefail\n"
            + "source '"
            + environment
            + "'\n"
            + block
            + "\n{ export -p; declare -f; } > '"
            + environment
            + "'\n";
    ProcessBuilder builder = new ProcessBuilder("bash", "-c", script).directory(ROOT.toFile());
    Map<String, String> env = builder.environment();
    env.remove("ENGRAM_API_KEY");
    env.put("ENGRAM_HOME", started.home.toString());
    env.put("CAPTURE", suite.url(Component.CAPTURE));
    env.put("RECALL", suite.url(Component.RECALL));
    Path err = Files.createTempFile(started.home, "guide-", ".err");
    Process process = builder.redirectError(err.toFile()).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(120, TimeUnit.SECONDS), block);
    assertEquals(
        0,
        process.exitValue(),
        () ->
            "docs/gateways.md block failed:\n"
                + block
                + "\nstdout: "
                + out
                + "\nstderr: "
                + err(err));
    return out;
  }

  private static String err(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static String variable(Path environment, String name) throws IOException {
    Matcher m =
        Pattern.compile("declare -x " + name + "=\"([^\"]*)\"")
            .matcher(Files.readString(environment));
    assertTrue(m.find(), name + " in " + environment);
    return m.group(1);
  }

  private boolean recallFinds(Path environment, String word) throws IOException {
    String key = variable(environment, "ENGRAM_API_KEY");
    return SuiteRequests.as(suite, key, Component.RECALL)
        .body(Map.of("agent", "bot1", "chat", "telegram:42", "query", word, "k", 5))
        .post("/v1/recall")
        .then()
        .statusCode(200)
        .extract()
        .asString()
        .contains(word);
  }

  private static String output(Map<String, String> outputs, String marker) {
    return outputs.entrySet().stream()
        .filter(e -> e.getKey().contains(marker))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no block with " + marker));
  }
}
