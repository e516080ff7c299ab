package dev.engram.recall.mcp;

import static dev.engram.recall.mcp.EngramToolsTest.error;
import static dev.engram.recall.mcp.EngramToolsTest.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.recall.RecallTestResources;
import dev.engram.recall.ServiceStub;
import dev.engram.recall.injection.InjectionLog;
import dev.engram.recall.injection.InjectionRecord;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * session_start, session_end and checkpoint (and context's recent_turns) through the MCP Java SDK
 * client, against the capture-service and graph-service stand-ins: what each sends and answers,
 * hostile arguments as isError results, and nobody reaching another tenant's or agent's session.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
@QuarkusTestResource(McpTestResources.class)
class SessionToolsTest {

  private static final String SLOTS =
      "{\"slots\":[{\"owner_type\":\"THREAD\",\"owner_id\":\"proj-x\",\"name\":\"handoff\","
          + "\"content\":\"Open: send Alice the flight options.\",\"tokens\":7,\"version\":2,"
          + "\"updated_at\":\"2026-05-08T13:00:00Z\"}]}";

  @TestHTTPResource("/")
  URL root;

  private McpTestClient t1;
  private McpTestClient t2;
  private final SessionsStandIn sessions = McpTestResources.sessions();

  @Inject InjectionLog injections;

  @BeforeEach
  void connect() {
    sessions.reset();
    RecallTestResources.slots().reset();
    RecallTestResources.recentTurns().reset();
    RecallTestResources.slots().answer(r -> SLOTS);
    t1 = EngramToolsTest.connect(root, "test-agent-t1");
    t2 = EngramToolsTest.connect(root, "test-agent-t2");
  }

  @AfterEach
  void close() {
    t1.close();
    t2.close();
    sessions.reset();
    RecallTestResources.slots().reset();
    RecallTestResources.recentTurns().reset();
  }

  @Test
  void theSessionToolsAreListedWithDescribedSchemas() {
    Map<String, McpSchema.Tool> tools =
        t1.tools().stream().collect(Collectors.toMap(McpSchema.Tool::name, t -> t));
    for (String name : List.of("session_start", "session_end", "checkpoint", "context")) {
      McpSchema.Tool tool = tools.get(name);
      assertTrue(tool != null && !tool.description().isBlank(), name);
      assertEquals(false, tool.inputSchema().get("additionalProperties"), name);
      ((Map<?, ?>) tool.inputSchema().get("properties"))
          .forEach(
              (field, p) -> assertTrue(((Map<?, ?>) p).get("description") instanceof String, name));
    }
    // agent may come from the X-Engram-Agent header, so the schema does not require it
    assertEquals(
        List.of("budget_tokens"), tools.get("session_start").inputSchema().get("required"));
    assertEquals(List.of("session"), tools.get("checkpoint").inputSchema().get("required"));
    assertTrue(
        ((Map<?, ?>) tools.get("context").inputSchema().get("properties"))
            .containsKey("recent_turns"));
  }

  @Test
  void theContextAndSessionStartToolsLeaveInjectionRecords() {
    injections.drain(Integer.MAX_VALUE);
    ok(t1, "session_start", "{\"agent\":\"bot1\",\"chat\":\"telegram:9\",\"budget_tokens\":500}");
    ok(t1, "context", "{\"agent\":\"bot1\",\"query\":\"flights\",\"budget_tokens\":500}");
    List<InjectionRecord> told = injections.drain(Integer.MAX_VALUE);
    assertEquals(
        List.of("t1 session_start telegram:9", "t1 context null"),
        told.stream().map(r -> r.tenant() + " " + r.kind() + " " + r.chat()).toList());
  }

  @Test
  void startEndAndCheckpointGoToCaptureWithTheCallersKey() {
    JsonNode started =
        ok(
            t1,
            "session_start",
            """
            {"agent":"bot1","chat":"telegram:9","thread":"proj-x",\
            "first_message":"Any news?","budget_tokens":500}""");
    String id = started.at("/session/session").asText();
    assertEquals("bot1", started.at("/session/agent").asText());
    assertTrue(
        started.at("/context/text").asText().contains("Open: send Alice the flight options."),
        started.toString());
    assertTrue(started.at("/context/tokens").asInt() <= 500);
    SessionsStandIn.Call call = sessions.calls().getLast();
    assertEquals(
        "POST /v1/sessions Bearer test-agent-t1",
        call.method() + " " + call.path() + " " + call.authorization());
    assertEquals("Any news?", call.body().get("first_message").asText());

    JsonNode checkpoint =
        ok(
            t1,
            "checkpoint",
            """
            {"agent":"bot1","session":"%s","chat":"telegram:9","summary":"Compared flights",\
            "commitments":["send Alice the options","book by Friday"]}"""
                .formatted(id));
    assertTrue(checkpoint.at("/checkpoint/id").isIntegralNumber(), checkpoint.toString());
    call = sessions.calls().getLast();
    assertEquals("/v1/sessions/" + id + "/checkpoint", call.path());
    assertEquals(
        List.of("send Alice the options", "book by Friday"),
        List.of(
            call.body().get("commitments").get(0).asText(),
            call.body().get("commitments").get(1).asText()));
    assertEquals("Compared flights", call.body().get("summary").asText());

    JsonNode ended =
        ok(
            t1,
            "session_end",
            """
            {"agent":"bot1","session":"%s","thread":"proj-x","summary":"Sent the options"}"""
                .formatted(id));
    assertEquals("started", ended.get("reflector").asText());
    assertEquals("Sent the options", ended.at("/handoff/content").asText());
    call = sessions.calls().getLast();
    assertEquals("/v1/sessions/" + id + "/end", call.path());
    assertEquals("Bearer test-agent-t1", call.authorization());
  }

  @Test
  void anotherTenantOrAgentCannotEndOrCheckpointTheSession() {
    String id =
        ok(t1, "session_start", "{\"agent\":\"bot1\",\"budget_tokens\":100}")
            .at("/session/session")
            .asText();
    String end = "{\"agent\":\"%s\",\"session\":\"" + id + "\"}";
    assertTrue(error(t2, "session_end", end.formatted("bot1")).contains("No session"));
    assertTrue(error(t1, "session_end", end.formatted("bot2")).contains("No session"));
    assertTrue(error(t2, "checkpoint", end.formatted("bot1")).contains("No session"));
  }

  @Test
  void hostileArgumentsAreErrorResultsAndReachNobody() {
    String[][] cases = {
      {"session_start", "{\"agent\":\"bot1\"}", "budget_tokens is required"},
      {"session_start", "{\"agent\":\"bot1\",\"budget_tokens\":\"500\"}", "budget_tokens"},
      {"session_start", "{\"agent\":\"bot1\",\"budget_tokens\":0}", "budget_tokens"},
      {"session_start", "{\"agent\":\"bot1\",\"budget_tokens\":9,\"tenant\":\"t2\"}", "unknown"},
      {"session_start", "{\"agent\":\"bot\\u0000\",\"budget_tokens\":9}", "agent"},
      {
        "session_start",
        "{\"agent\":\"bot1\",\"budget_tokens\":9,\"first_message\":\"\"}",
        "first_message"
      },
      {"session_end", "{\"agent\":\"bot1\"}", "session is required"},
      {"session_end", "{\"agent\":\"bot1\",\"session\":\"a\\nb\"}", "session"},
      {
        "checkpoint",
        "{\"agent\":\"bot1\",\"session\":\"s\",\"commitments\":\"all\"}",
        "commitments"
      },
      {"checkpoint", "{\"agent\":\"bot1\",\"session\":\"s\",\"commitments\":[42]}", "commitments"},
      {"checkpoint", "{\"agent\":\"bot1\",\"session\":\"s\",\"summary\":\"a\\u0000b\"}", "NUL"},
    };
    for (String[] c : cases) {
      String text = error(t1, c[0], c[1]);
      assertTrue(text.contains(c[2]), c[0] + " " + c[1] + " answered " + text);
    }
    assertEquals(List.of(), sessions.calls(), "nothing reached capture-service");
  }

  @Test
  void captureDownIsAnErrorResult() {
    sessions.status(503);
    String text = error(t1, "session_start", "{\"agent\":\"bot1\",\"budget_tokens\":100}");
    assertTrue(text.contains("could not be recorded") || text.contains("capture"), text);
    assertEquals(List.of(), RecallTestResources.slots().received(), "no context assembled");
  }

  @Test
  void contextTakesRecentTurns() {
    ok(
        t1,
        "context",
        "{\"agent\":\"bot1\",\"chat\":\"telegram:9\",\"budget_tokens\":300,\"recent_turns\":2}");
    ServiceStub turns = RecallTestResources.recentTurns();
    assertEquals("2", ServiceStub.query(turns.received().getLast().query()).get("limit"));
    error(t1, "context", "{\"agent\":\"bot1\",\"budget_tokens\":300,\"recent_turns\":\"2\"}");
    assertTrue(
        error(t1, "context", "{\"agent\":\"bot1\",\"budget_tokens\":300,\"recent_turns\":101}")
            .contains("recent_turns"));
  }
}
