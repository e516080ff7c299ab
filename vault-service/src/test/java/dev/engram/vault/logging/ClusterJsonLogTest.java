package dev.engram.vault.logging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.vault.backup.BackupDirectoryResource;
import io.quarkus.bootstrap.logging.InitialConfigurator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import org.jboss.logmanager.ExtHandler;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.MDC;
import org.jboss.logmanager.handlers.ConsoleHandler;
import org.junit.jupiter.api.Test;

/**
 * In the cluster profile the console writes JSON, and a record logged while a request's correlation
 * id is in the MDC carries it as a field (common's CorrelationId puts it there).
 */
@QuarkusTest
@TestProfile(ClusterJsonLogTest.Cluster.class)
@WithTestResource(BackupDirectoryResource.class)
class ClusterJsonLogTest {

  /** The test profile's settings plus the cluster profile's. */
  public static final class Cluster implements QuarkusTestProfile {
    @Override
    public String getConfigProfile() {
      return "test,cluster";
    }

    /**
     * The cluster profile adds the management interface. Quarkus tags a server's network meters
     * with server.port only when its port is fixed, and Prometheus refuses one meter name with two
     * tag-key sets (a hard error since Quarkus 3.34): with the main server on a random test port
     * and management on a fixed one, the second server never starts. In the cluster both ports are
     * fixed (8080, 9000), so both carry the tag; here both are random.
     */
    @Override
    public Map<String, String> getConfigOverrides() {
      return Map.of("quarkus.management.test-port", "0");
    }
  }

  @Test
  void aConsoleRecordIsJsonWithTheCorrelationId() throws Exception {
    Formatter console = consoleFormatter(InitialConfigurator.DELAYED_HANDLER.getHandlers());
    assertNotNull(console, "a console handler");

    String line;
    MDC.put("correlationId", "req-4711");
    try {
      ExtLogRecord record = new ExtLogRecord(Level.INFO, "Backup written", getClass().getName());
      record.setLoggerName("dev.engram.vault.backup.BackupWriter");
      record.copyMdc();
      line = console.format(record);
    } finally {
      MDC.remove("correlationId");
    }

    JsonNode json = new ObjectMapper().readTree(line);
    assertEquals("Backup written", json.path("message").asText(), line);
    assertEquals("req-4711", json.path("mdc").path("correlationId").asText(), line);
  }

  private static Formatter consoleFormatter(Handler[] handlers) {
    for (Handler handler : handlers) {
      if (handler instanceof ConsoleHandler) {
        return handler.getFormatter();
      }
      if (handler instanceof ExtHandler nested) {
        Formatter found = consoleFormatter(nested.getHandlers());
        if (found != null) {
          return found;
        }
      }
    }
    return null;
  }
}
