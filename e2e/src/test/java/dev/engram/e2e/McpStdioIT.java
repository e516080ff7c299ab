package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.contracts.fixtures.ToolAnswer;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * {@code ./engram mcp} against the packaged suite, launched as desktop clients launch it: by the
 * MCP Java SDK's stdio client, with the environment of docs/gateways.md's Claude Desktop, Claude
 * Code and Cursor configurations. The same tools as over HTTP, MicroClaw's ops and a whole session
 * through it, a refused key, a restarted recall-service, and nothing but JSON-RPC on stdout.
 */
@Tag(SharedSuite.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class McpStdioIT {

  private static final Path ROOT =
      Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
  private static final Path ENGRAM = ROOT.resolve("engram");
  private static final Pattern BLOCK = Pattern.compile("(?ms)^```(shell|json)\\n(.*?)^```\\n");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KEY = Keys.random();

  @RegisterExtension
  static final SharedSuite SHARED = SharedSuite.withKeys(KEY, "e2e-stdio:stdio:agent");

  private TestSuite started;
  private Suite suite;

  @BeforeAll
  void useTheSharedSuite() {
    started = SHARED.started();
    suite = started.suite;
  }

  /** The bridge as a stdio client launches it; its stderr lines land in {@code stderr}. */
  private McpMicroClaw bridge(
      String command, List<String> args, Map<String, String> env, List<String> stderr) {
    StdioClientTransport transport =
        new StdioClientTransport(
            ServerParameters.builder(command).args(args).env(env).build(),
            McpJsonDefaults.getMapper());
    transport.setStdErrorHandler(stderr::add);
    return new McpMicroClaw(transport);
  }

  private McpMicroClaw bridge(Map<String, String> env) {
    return bridge(ENGRAM.toString(), List.of("mcp"), env, new ArrayList<>());
  }

  private Map<String, String> env(String agent) {
    return Map.of(
        "ENGRAM_URL", suite.url(Component.RECALL), "ENGRAM_API_KEY", KEY, "ENGRAM_AGENT", agent);
  }

  @Test
  void theToolsOfTheHttpEndpointWorkOverStdio() {
    try (McpMicroClaw direct = new McpMicroClaw(suite.url(Component.RECALL), KEY);
        McpMicroClaw stdio = bridge(env("stdio-bot"))) {
      direct.initialize();
      McpSchema.InitializeResult init = stdio.initialize();
      assertEquals("engram", init.serverInfo().name());
      List<McpSchema.Tool> tools = stdio.tools();
      assertEquals(direct.tools(), tools, "same names, descriptions and schemas");
      assertTrue(tools.size() >= 13, tools.toString());

      long id =
          stdio
              .ok(
                  "memory_upsert",
                  "{\"op\":\"insert\",\"chat_id\":42,\"content\":\"Erin likes tea\","
                      + "\"category\":\"PROFILE\",\"source\":\"explicit\",\"confidence\":0.9}")
              .get("id")
              .asLong();
      assertTrue(
          stdio.ok("memory_query", "{\"op\":\"list\",\"chat_id\":42}").toString().contains("tea"));
      assertEquals(
          "[]", stdio.call("memory_query", "{\"op\":\"list\",\"chat_id\":null}").text(), "nulls");
      // ENGRAM_AGENT reached recall-service as X-Engram-Agent: the memory is that agent's.
      assertEquals("stdio-bot", agentOf(id));
      // The suite's refusal comes back unchanged.
      ToolAnswer bad = stdio.call("memory_query", "{\"op\":\"drop_all\"}");
      assertTrue(bad.isError() && bad.text().contains("unsupported op"), bad.text());

      JsonNode session =
          stdio.ok(
              "session_start",
              "{\"agent\":\"stdio-bot\",\"chat\":\"desk:1\",\"thread\":\"t1\","
                  + "\"session\":\"s-stdio-1\",\"first_message\":\"hello\",\"budget_tokens\":800}");
      assertEquals("s-stdio-1", session.at("/session/session").asText(), session.toString());
      stdio.ok(
          "checkpoint",
          "{\"agent\":\"stdio-bot\",\"session\":\"s-stdio-1\",\"chat\":\"desk:1\","
              + "\"thread\":\"t1\",\"summary\":\"Talked about tea\","
              + "\"commitments\":[\"send Erin the tea list\"]}");
      String context =
          stdio
              .ok(
                  "context",
                  "{\"agent\":\"stdio-bot\",\"chat\":\"desk:1\",\"thread\":\"t1\","
                      + "\"query\":\"tea\",\"budget_tokens\":1500}")
              .get("text")
              .asText();
      assertTrue(context.contains("send Erin the tea list"), context);
      JsonNode ended =
          stdio.ok(
              "session_end",
              "{\"agent\":\"stdio-bot\",\"session\":\"s-stdio-1\",\"chat\":\"desk:1\","
                  + "\"thread\":\"t1\"}");
      assertFalse(ended.at("/session/ended_at").isNull(), ended.toString());
    }
  }

  @Test
  void aRefusedKeyIsSaidOnStderrAndNothingOnStdout() throws Exception {
    Run run = raw(Map.of("ENGRAM_URL", suite.url(Component.RECALL), "ENGRAM_API_KEY", "egk_x"), "");
    assertEquals(1, run.exit(), run.stderr());
    assertEquals("", run.stdout());
    assertTrue(
        run.stderr().contains("Engram refused the API key")
            && run.stderr().contains("HTTP 401")
            && !run.stderr().contains("\tat "),
        run.stderr());
  }

  /**
   * With only {@code ENGRAM_HOME} (the suite's URL and admin key found there), a client's whole
   * conversation: every line on stdout is a JSON-RPC message, a line that is not one is skipped,
   * and the bridge exits 0 when stdin closes.
   */
  @Test
  void stdoutCarriesNothingButJsonRpc() throws Exception {
    String conversation =
        """
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18",\
        "capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}
        {"jsonrpc":"2.0","method":"notifications/initialized"}

        not json
        {"jsonrpc":"2.0","id":2,"method":"tools/list"}
        {"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_query",\
        "arguments":{"op":"list","chat_id":null}}}
        """;
    Run run = raw(Map.of("ENGRAM_HOME", started.home.toString()), conversation);
    assertEquals(0, run.exit(), run.stderr());
    List<Integer> ids = new ArrayList<>();
    for (String line : run.stdout().lines().toList()) {
      JsonNode message = JSON.readTree(line);
      assertEquals("2.0", message.path("jsonrpc").asText(), line);
      assertFalse(message.has("error"), line);
      ids.add(message.get("id").asInt());
    }
    assertEquals(List.of(1, 2, 3), ids, run.stdout());
    assertTrue(run.stderr().contains("ignored a line of stdin"), run.stderr());
  }

  @Test
  void aRestartedRecallServiceIsReachedAgainInANewSession() {
    List<String> stderr = new ArrayList<>();
    try (McpMicroClaw stdio =
        bridge(ENGRAM.toString(), List.of("mcp"), env("stdio-restart"), stderr)) {
      stdio.initialize();
      stdio.ok("memory_query", "{\"op\":\"list\",\"chat_id\":7}");
      suite.stop(Component.RECALL);
      ToolAnswer down = stdio.call("memory_query", "{\"op\":\"list\",\"chat_id\":7}");
      assertTrue(down.isError() && down.text().contains("Engram is unreachable"), down.text());
      suite.start(Component.RECALL);
      // The restarted recall-service serves the same session: its id is signed with the suite's
      // secret, not held in the old process (issue 30). Were it refused (404: another secret), the
      // bridge would open a new session and send the call again (UpstreamFailureTest).
      assertTrue(stdio.ok("memory_query", "{\"op\":\"list\",\"chat_id\":7}").isArray());
    } finally {
      suite.start(Component.RECALL);
    }
  }

  /**
   * docs/gateways.md section 6: Claude Desktop's, Claude Code's (both forms) and Cursor's server
   * entries, launched exactly as written once the checkout's path, this suite's URL and a key are
   * put in.
   */
  @Test
  void theGuidesDesktopConfigurationsLaunchTheBridge() throws IOException {
    String guide = Files.readString(ROOT.resolve("docs/gateways.md"), StandardCharsets.UTF_8);
    String section = guide.substring(guide.indexOf("## 6. Claude Desktop"));
    Map<String, String> blocks = new LinkedHashMap<>();
    for (String client : List.of("Claude Desktop", "Claude Code", "Cursor")) {
      int at = section.indexOf("### " + client);
      int next = section.indexOf("\n### ", at + 1);
      Matcher m = BLOCK.matcher(next < 0 ? section.substring(at) : section.substring(at, next));
      while (m.find()) {
        blocks.put(client + " " + m.group(1) + " " + blocks.size(), put(m.group(2)));
      }
    }
    assertEquals(4, blocks.size(), blocks.keySet().toString());
    for (Map.Entry<String, String> block : blocks.entrySet()) {
      Launch launch =
          block.getKey().contains("shell")
              ? claudeMcpAdd(block.getValue())
              : Launch.of(JSON.readTree(block.getValue()).get("mcpServers").get("engram"));
      String agent = launch.env().get("ENGRAM_AGENT");
      assertNotNull(agent, block.getKey());
      List<String> stderr = new ArrayList<>();
      try (McpMicroClaw client = bridge(launch.command(), launch.args(), launch.env(), stderr)) {
        client.initialize();
        assertTrue(client.toolNames().contains("session_start"), block.getKey());
        long id =
            client
                .ok(
                    "memory_upsert",
                    "{\"op\":\"insert\",\"chat_id\":1,\"content\":\"configured by "
                        + block.getKey()
                        + "\",\"category\":\"KNOWLEDGE\",\"source\":\"explicit\"}")
                .get("id")
                .asLong();
        assertEquals(agent, agentOf(id), block.getKey());
      } catch (RuntimeException e) {
        throw new AssertionError(block.getKey() + ": " + String.join("\n", stderr), e);
      }
    }
  }

  /**
   * What the bridge adds to a call: the median of 200 memory_query calls over HTTP and through the
   * bridge, alternating, with the load average (printed for launcher/README.md; every call must
   * succeed).
   */
  @Test
  void measureTheBridgesAddedLatency() throws IOException {
    String query = "{\"op\":\"search\",\"chat_id\":42,\"query\":\"tea\",\"limit\":5}";
    try (McpMicroClaw direct = new McpMicroClaw(suite.url(Component.RECALL), KEY);
        McpMicroClaw stdio = bridge(env("stdio-bench"))) {
      direct.initialize();
      stdio.initialize();
      for (int i = 0; i < 20; i++) { // warm-up of both paths
        direct.ok("memory_query", query);
        stdio.ok("memory_query", query);
      }
      long[] http = new long[200];
      long[] bridged = new long[200];
      String before = Files.readString(Path.of("/proc/loadavg")).strip();
      for (int i = 0; i < 200; i++) {
        long t0 = System.nanoTime();
        direct.ok("memory_query", query);
        long t1 = System.nanoTime();
        stdio.ok("memory_query", query);
        http[i] = t1 - t0;
        bridged[i] = System.nanoTime() - t1;
      }
      String after = Files.readString(Path.of("/proc/loadavg")).strip();
      Arrays.sort(http);
      Arrays.sort(bridged);
      System.out.printf(
          "[measure] memory_query median over HTTP %.2f ms, through ./engram mcp %.2f ms"
              + " (p90 %.2f / %.2f ms); loadavg before %s, after %s%n",
          http[100] / 1e6, bridged[100] / 1e6, http[180] / 1e6, bridged[180] / 1e6, before, after);
    }
  }

  /** The agent a memory was stored for, read back over capture-service's REST API. */
  private String agentOf(long id) {
    return SuiteRequests.as(suite, KEY, Component.CAPTURE)
        .get("/v1/memories/" + id)
        .then()
        .statusCode(200)
        .extract()
        .jsonPath()
        .getString("agent");
  }

  /** The placeholders of section 6 filled in; Claude Code's ${ENGRAM_API_KEY} as it expands it. */
  private String put(String text) {
    return text.replace("/path/to/engram", ROOT.toString())
        .replace("http://127.0.0.1:8082", suite.url(Component.RECALL))
        .replace("<api key>", KEY)
        .replace("${ENGRAM_API_KEY}", KEY);
  }

  private record Launch(String command, List<String> args, Map<String, String> env) {

    static Launch of(JsonNode server) {
      List<String> args = new ArrayList<>();
      server.get("args").forEach(a -> args.add(a.asText()));
      Map<String, String> env = new LinkedHashMap<>();
      server.get("env").properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
      if (server.has("type")) {
        assertEquals("stdio", server.get("type").asText());
      }
      return new Launch(server.get("command").asText(), args, env);
    }
  }

  /** {@code claude mcp add [--transport stdio] [--env K=V]... <name> -- <command> [args...]}. */
  private static Launch claudeMcpAdd(String line) {
    List<String> words = Arrays.asList(line.strip().split("\\s+"));
    assertEquals(List.of("claude", "mcp", "add"), words.subList(0, 3), line);
    int dashes = words.indexOf("--");
    Map<String, String> env = new LinkedHashMap<>();
    for (int i = 3; i < dashes - 1; i++) {
      switch (words.get(i)) {
        case "--transport" -> assertEquals("stdio", words.get(++i));
        case "--env", "-e" -> {
          String[] pair = words.get(++i).split("=", 2);
          env.put(pair[0], pair[1]);
        }
        default -> throw new AssertionError("unexpected option " + words.get(i) + " in " + line);
      }
    }
    assertEquals("engram", words.get(dashes - 1), line);
    return new Launch(words.get(dashes + 1), words.subList(dashes + 2, words.size()), env);
  }

  private record Run(int exit, String stdout, String stderr) {}

  /**
   * {@code ./engram mcp} with {@code env}, fed {@code input} a line at a time, each request's
   * answer awaited before the next line is written (as a client does); then stdin is closed.
   */
  private Run raw(Map<String, String> env, String input) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(ENGRAM.toString(), "mcp").directory(ROOT.toFile());
    builder.environment().remove("ENGRAM_API_KEY");
    builder.environment().remove("ENGRAM_URL");
    builder.environment().putAll(env);
    Path err = Files.createTempFile(started.home, "bridge-", ".err");
    Process process = builder.redirectError(err.toFile()).start();
    StringBuilder stdout = new StringBuilder();
    try (OutputStream in = process.getOutputStream();
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line : input.lines().toList()) {
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        if (line.contains("\"id\":")) {
          String answer = out.readLine();
          assertNotNull(answer, "no answer to " + line + "; stderr: " + Files.readString(err));
          stdout.append(answer).append('\n');
        }
      }
      in.close();
      for (String rest = out.readLine(); rest != null; rest = out.readLine()) {
        stdout.append(rest).append('\n');
      }
    } catch (IOException e) {
      // a bridge that exited at start closes its stdin: what it said is in stderr
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the bridge did not exit");
    return new Run(process.exitValue(), stdout.toString(), Files.readString(err));
  }
}
