package dev.engram.vault.restore;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A service's problem+json, summed up for a restore job's problem detail. */
class ProblemsTest {

  private static String describe(String body) {
    return Problems.describe(body.getBytes(UTF_8));
  }

  @Test
  void codeAndDetailOfAProblem() {
    assertEquals(
        ": validation_failed: tenant: must not be null",
        describe(
            """
            {"type": "urn:engram:problem:validation_failed", "title": "The request is not valid",
             "status": 400, "detail": "tenant: must not be null", "code": "validation_failed",
             "correlation_id": "c-1",
             "errors": [{"field": "tenant", "rule": "NotNull", "message": "must not be null"}],
             "current_version": 3}"""));
  }

  @Test
  void theTitleWhenThereIsNoDetail() {
    assertEquals(
        ": graph_unavailable: Neo4j is down",
        describe(
            "{\"code\": \"graph_unavailable\", \"title\": \"Neo4j is down\", \"status\": 503}"));
  }

  @Test
  void nothingForWhatIsNotAProblem() {
    assertEquals("", describe("<html>Bad gateway</html>"));
    assertEquals("", describe("[1, 2]"));
    assertEquals("", describe("null"));
    assertEquals("", describe(""));
    assertEquals("", describe("{}"));
  }
}
