package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs capture-service's Reflector over each conversation's chat ({@code POST
 * /v1/reflector/run?agent&chat}, admin key), so that the memories it extracts from the exchanges
 * exist before the questions are asked instead of whenever its schedule fires next.
 */
final class ReflectorTrigger {

  private static final int BUSY_RETRIES = 60;

  private final EngramApi api;
  private final PrintStream out;

  ReflectorTrigger(EngramApi api, PrintStream out) {
    this.api = api;
    this.out = out;
  }

  /** Memories the runs inserted, or -1 when capture-service has no Reflector endpoint. */
  int run(String agent, List<LocomoData.Conversation> conversations)
      throws IOException, InterruptedException {
    int inserted = 0;
    for (LocomoData.Conversation c : conversations) {
      Map<String, String> query = new LinkedHashMap<>();
      query.put("agent", agent);
      query.put("chat", c.sampleId());
      JsonNode run;
      try {
        run = runOnce(query);
      } catch (EngramApi.ApiException e) {
        if (e.status() == 404 || e.status() == 405) {
          out.println("  capture-service has no Reflector endpoint: no extracted memories");
          return -1;
        }
        throw e;
      }
      inserted += run.path("inserted").asInt();
      out.printf(
          "  %s: Reflector %s, read %d exchanges, extracted %d, inserted %d, touched %d,"
              + " superseded %d, skipped %d, quarantined %d%s%n",
          c.sampleId(),
          run.path("status").asText("?"),
          run.path("exchanges_read").asInt(),
          run.path("extracted").asInt(),
          run.path("inserted").asInt(),
          run.path("touched").asInt(),
          run.path("superseded").asInt(),
          run.path("skipped").asInt(),
          run.path("quarantined").asInt(),
          run.hasNonNull("error") ? " (" + run.get("error").asText() + ")" : "");
    }
    return inserted;
  }

  /** A scheduled run may be going: reflector_busy (409) is retried for up to a minute. */
  private JsonNode runOnce(Map<String, String> query) throws IOException, InterruptedException {
    for (int attempt = 1; ; attempt++) {
      try {
        return api.postCapture("/v1/reflector/run", query);
      } catch (EngramApi.ApiException e) {
        if (e.status() != 409 || attempt >= BUSY_RETRIES) {
          throw e;
        }
        Thread.sleep(1000);
      }
    }
  }
}
