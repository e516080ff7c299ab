package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** FaultIT's findings quote the server's own log line for their correlation id. */
class SuiteFaultsTest {

  @TempDir Path home;

  @Test
  void aFindingStartsWithWhatTheServerLoggedForItsCorrelationId() throws Exception {
    String id = "a43f8b83-d81a-49ee-b2f4-0b07dc26d215";
    Files.createDirectories(home.resolve("logs"));
    Files.write(
        home.resolve("logs/capture.log"),
        List.of(
            "12:00:00 INFO started",
            "12:00:01 ERROR [CaptureExceptionMappers] Unexpected error [" + id + "]: boom",
            "\tat a.b.C(C.java:1)",
            "Caused by: org.hibernate.exception.LockAcquisitionException: deadlock detected",
            "\tat d.e.F(F.java:2)"));
    String finding =
        "[capture back +5.9 s] POST /v1/facts {} -> 500 {\"detail\":\"quote correlation id "
            + id
            + " when reporting it\"}";

    List<String> explained = SuiteFaults.explained(home, List.of(finding, "no id here"));

    assertEquals(2, explained.size());
    assertTrue(
        explained
            .get(0)
            .startsWith(
                "server: capture.log: 12:00:01 ERROR [CaptureExceptionMappers] Unexpected error"),
        explained.get(0));
    assertTrue(explained.get(0).contains("LockAcquisitionException: deadlock detected"));
    assertTrue(explained.get(0).endsWith(finding));
    assertEquals("no id here", explained.get(1));
  }
}
