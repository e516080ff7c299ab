package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./engram session start|end} and {@code ./engram check} against scripted services. */
class SessionCommandsTest {

  static final String STARTED =
      "{\"session\":{\"session\":\"s-00ab\",\"agent\":\"bot1\",\"chat\":\"telegram:1\","
          + "\"thread\":null,\"started_at\":\"2026-11-24T09:00:00Z\",\"ended_at\":null,"
          + "\"summary\":null,\"checkpoints\":0},\"context\":{\"text\":\"## Handoff\\n- send"
          + " Alice the report\",\"tokens\":9,\"budget_tokens\":800,\"encoding\":\"cl100k_base\","
          + "\"sections\":[{\"name\":\"recent turns\",\"omitted\":4}],\"skipped\":[],"
          + "\"took_ms\":7}}";
  static final String HANDOFF =
      "{\"agent\":\"bot1\",\"owner_type\":\"THREAD\",\"owner_id\":\"t1\",\"name\":\"handoff\","
          + "\"content\":\"Open: send Alice the report\\nLast: agreed on Friday\",\"tokens\":12,"
          + "\"content_sha256\":\"ab\",\"version\":3,\"status\":\"ACTIVE\",\"status_reason\":null}";
  static final String ENDED =
      "{\"session\":{\"session\":\"s-00ab\",\"agent\":\"bot1\",\"chat\":\"telegram:1\","
          + "\"thread\":\"t1\",\"started_at\":\"2026-11-24T09:00:00Z\",\"ended_at\":"
          + "\"2026-11-24T09:30:00Z\",\"summary\":\"Planned the report with Alice.\","
          + "\"checkpoints\":1},\"handoff\":"
          + HANDOFF
          + ",\"reflector\":\"started\"}";
  static final String CHECKPOINT =
      "{\"checkpoint\":{\"id\":17,\"session\":\"s-00ab\",\"created_at\":\"2026-11-24T09:10:00Z\"},"
          + "\"slot\":"
          + HANDOFF
              .replace("\"THREAD\",\"owner_id\":\"t1\"", "\"CHAT\",\"owner_id\":\"telegram:1\"")
              .replace("handoff", "checkpoint")
          + "}";

  @TempDir Path home;
  private FakeSuite suite;
  private final Map<String, String> env = new HashMap<>();
  private CliRun cli;

  @BeforeEach
  void suiteHome() throws IOException {
    cli = new CliRun(home, env);
    suite = new FakeSuite(home);
  }

  @AfterEach
  void stop() {
    suite.close();
  }

  @Test
  void sessionStartAsksRecallAndPrintsTheSessionThenItsContext() {
    suite
        .recall
        .on("POST /v1/sessions/start", 201, STARTED)
        .on("POST /v1/sessions/start", 200, STARTED);
    assertEquals(
        0,
        cli.fresh(
            "session",
            "start",
            "--agent",
            "bot1",
            "--chat",
            "telegram:1",
            "--message",
            "where were we?",
            "--budget",
            "800"));
    FakeService.Request request = suite.recall.requests("POST", "/v1/sessions/start").get(0);
    assertEquals("Bearer " + FakeSuite.KEY, request.authorization());
    assertEquals(
        "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"budget_tokens\":800,"
            + "\"first_message\":\"where were we?\"}",
        request.body());
    assertEquals(
        "Session s-00ab started (agent bot1, chat telegram:1)\n\n"
            + "## Handoff\n- send Alice the report\n\n"
            + "-- 9 of 800 tokens; omitted: recent turns 4\n",
        cli.out());

    assertEquals(
        0, cli.fresh("session", "start", "--agent", "bot1", "--session", "s-00ab", "--thread=t1"));
    assertEquals(
        "{\"agent\":\"bot1\",\"thread\":\"t1\",\"budget_tokens\":2000,\"session\":\"s-00ab\"}",
        suite.recall.requests("POST", "/v1/sessions/start").get(1).body());
    assertTrue(
        cli.out().startsWith("Session s-00ab continued (agent bot1, chat telegram:1)\n"),
        "200: the session already existed: " + cli.out());

    assertEquals(0, cli.fresh("session", "start", "--agent", "bot1", "--json"));
    assertEquals(STARTED + "\n", cli.out(), "--json is the service's answer as it is");
  }

  @Test
  void sessionEndSaysWhatWasWrittenAndWhetherTheReflectorStarted() {
    suite
        .capture
        .on("POST /v1/sessions/s-00ab/end", 200, ENDED)
        .on(
            "POST /v1/sessions/s-00ab/end",
            200,
            ENDED
                .replace("\"Planned the report with Alice.\"", "null")
                .replace(
                    "\"ACTIVE\",\"status_reason\":null",
                    "\"QUARANTINED\",\"status_reason\":" + "\"looks like an injection\"")
                .replace("\"started\"", "\"skipped\""));
    assertEquals(
        0,
        cli.fresh(
            "session", "end", "s-00ab", "--agent", "bot1", "--summary", "Planned the report."));
    assertEquals(
        "{\"agent\":\"bot1\",\"summary\":\"Planned the report.\"}",
        suite.capture.requests("POST", "/v1/sessions/s-00ab/end").get(0).body());
    assertEquals(
        "Ended session s-00ab (agent bot1, chat telegram:1, thread t1)\n"
            + "Summary:\n  Planned the report with Alice.\n"
            + "Handoff: THREAD t1, \"handoff\" version 3, 12 tokens\n"
            + "  Open: send Alice the report\n  Last: agreed on Friday\n"
            + "Reflector: started on this chat (runs in the background)\n",
        cli.out());

    assertEquals(0, cli.fresh("session", "end", "s-00ab", "--agent", "bot1", "--chat", "c"));
    assertTrue(cli.out().contains("Summary:\n  (none)\n"), cli.out());
    assertTrue(
        cli.out().contains("  status QUARANTINED: looks like an injection\n"),
        "the poisoning gate's verdict on the handoff is not hidden: " + cli.out());
    assertTrue(cli.out().endsWith("Reflector: skipped\n"), cli.out());
  }

  @Test
  void checkSendsTheSummaryAndEveryCommitmentAndPrintsTheCheckpoint() {
    suite.capture.on("POST /v1/sessions/s-00ab/checkpoint", 201, CHECKPOINT);
    assertEquals(
        0,
        cli.fresh(
            "check",
            "s-00ab",
            "--agent",
            "bot1",
            "--chat",
            "telegram:1",
            "--summary",
            "Drafted the report \"v2\"",
            "--commitment",
            "send Alice the report",
            "--commitment=book the room"));
    assertEquals(
        "{\"agent\":\"bot1\",\"chat\":\"telegram:1\",\"commitments\":[\"send Alice the report\","
            + "\"book the room\"],\"summary\":\"Drafted the report \\\"v2\\\"\"}",
        suite.capture.requests("POST", "/v1/sessions/s-00ab/checkpoint").get(0).body());
    assertEquals(
        "Checkpoint #17 of session s-00ab at 2026-11-24T09:10:00Z\n"
            + "Slot: CHAT telegram:1, \"checkpoint\" version 3, 12 tokens\n"
            + "  Open: send Alice the report\n  Last: agreed on Friday\n",
        cli.out());

    assertEquals(0, cli.fresh("check", "s-00ab", "--agent", "bot1", "--json"));
    assertEquals(CHECKPOINT + "\n", cli.out());
    assertEquals(
        "{\"agent\":\"bot1\"}",
        suite.capture.requests("POST", "/v1/sessions/s-00ab/checkpoint").get(1).body());
  }

  @Test
  void aSessionIdIsOnePathSegment() {
    suite.capture.on("POST /v1/sessions/chat 1/x/end", 200, ENDED);
    assertEquals(0, cli.fresh("session", "end", "chat 1/x", "--agent", "bot1"));
    assertEquals(1, suite.capture.requests.size());
    assertEquals(
        "/v1/sessions/chat 1/x/end",
        suite.capture.requests.get(0).path(),
        "sent encoded (the fake decodes it)");
  }

  @Test
  void aRefusalShowsTheProblemDetailWithExitCodeOne() {
    suite.capture.on(
        "POST /v1/sessions/s-1/checkpoint",
        409,
        "{\"status\":409,\"code\":\"session_conflict\",\"detail\":\"session s-1 belongs to"
            + " chat telegram:2\"}");
    assertEquals(1, cli.fresh("check", "s-1", "--agent", "bot1", "--chat", "telegram:1"));
    assertEquals(
        "engram check: POST /v1/sessions/s-1/checkpoint answered 409 session_conflict:"
            + " session s-1 belongs to chat telegram:2\n",
        cli.err());
    assertEquals("", cli.out());
  }

  @Test
  void aSuiteThatIsDownIsExitCodeThree() {
    suite.recall.on(
        "POST /v1/sessions/start",
        503,
        "{\"status\":503,\"code\":\"capture_unavailable\",\"detail\":\"capture-service did"
            + " not answer\"}");
    assertEquals(3, cli.fresh("session", "start", "--agent", "bot1"));
    assertTrue(cli.err().contains("503 capture_unavailable: capture-service did not answer"));

    suite.capture.close();
    assertEquals(3, cli.fresh("session", "end", "s-1", "--agent", "bot1"));
    assertTrue(
        cli.err().contains("capture-service is not reachable at " + suite.capture.url()),
        cli.err());
    assertEquals(3, cli.fresh("check", "s-1", "--agent", "bot1"));
  }

  @Test
  void usageErrorsAreExitCodeTwoAndCallNothing() {
    assertEquals(2, cli.fresh("session"));
    assertTrue(cli.err().contains("Missing required subcommand"), cli.err());
    assertTrue(cli.err().contains("usage: ./engram session [-h] [COMMAND]"), cli.err());
    assertEquals(2, cli.fresh("session", "stop", "s-1"));
    assertTrue(cli.err().contains("Unmatched arguments from index 1: 'stop'"), cli.err());
    assertEquals(2, cli.fresh("session", "start", "--chat", "c"));
    assertTrue(cli.err().contains("--agent is required"), cli.err());
    assertEquals(2, cli.fresh("session", "start", "--agent", "a", "--budget", "0"));
    assertEquals(2, cli.fresh("session", "start", "--agent", "a", "s-1"));
    assertEquals(2, cli.fresh("session", "end", "--agent", "a"));
    assertTrue(
        cli.err().contains("Missing required parameter: 'SESSION'\nusage: ./engram session end"),
        cli.err());
    assertEquals(2, cli.fresh("session", "end", "s-1", "s-2", "--agent", "a"));
    assertEquals(2, cli.fresh("check", "--agent", "a"));
    assertTrue(cli.err().contains("usage: ./engram check [-h] [--json]"), cli.err());
    assertEquals(2, cli.fresh("check", "s-1", "--agent", "a", "--commitments", "x"));
    assertTrue(cli.err().contains("Unknown options: '--commitments'"), cli.err());
    assertEquals(2, cli.fresh("check", "s-1", "--agent", "a", "--commitment"));
    assertTrue(
        cli.err().contains("Missing required parameter for option '--commitment'"), cli.err());
    assertEquals(2, cli.fresh("check", "bad\tid", "--agent", "a"));
    assertTrue(suite.untouched(), "nothing was called");
  }
}
