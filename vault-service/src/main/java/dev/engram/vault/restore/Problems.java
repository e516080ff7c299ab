package dev.engram.vault.restore;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.vault.archive.ArchiveJson;
import java.io.IOException;

/** The code and detail of a service's problem+json answer, for a job's problem detail. */
final class Problems {

  private Problems() {}

  /** {@code ": <code>: <detail>"}, or empty when the body is not a problem. */
  static String describe(byte[] body) {
    try {
      JsonNode problem = ArchiveJson.MAPPER.readTree(body);
      if (problem == null || !problem.isObject()) {
        return "";
      }
      String code = problem.path("code").asText("");
      String detail = problem.path("detail").asText(problem.path("title").asText(""));
      return (code.isEmpty() ? "" : ": " + code) + (detail.isEmpty() ? "" : ": " + detail);
    } catch (IOException e) {
      return "";
    }
  }
}
