package dev.engram.recall.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.Response;

/**
 * capture-service answered with an error status: the status, its stable problem code and the detail
 * it gave (never a stack trace: capture renders problem+json).
 */
public final class CaptureRefusal extends RuntimeException {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final int status;
  private final String code;

  CaptureRefusal(int status, String code, String detail) {
    super(detail, null, false, false);
    this.status = status;
    this.code = code;
  }

  static CaptureRefusal of(Response response) {
    String code = "";
    String detail = "capture-service answered " + response.getStatus();
    try {
      JsonNode problem = JSON.readTree(response.readEntity(String.class));
      code = problem.path("code").asText("");
      String text = problem.path("detail").asText(problem.path("title").asText(""));
      if (!text.isBlank()) {
        detail = text + violations(problem.path("errors"));
      }
    } catch (RuntimeException | java.io.IOException e) {
      // not problem+json (a proxy, a dying server): the status alone says enough
    }
    return new CaptureRefusal(response.getStatus(), code, detail);
  }

  private static String violations(JsonNode violations) {
    if (!violations.isArray() || violations.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder(" (");
    for (JsonNode v : violations) {
      if (out.length() > 2) {
        out.append("; ");
      }
      out.append(v.path("field").asText()).append(' ').append(v.path("message").asText());
    }
    return out.append(')').toString();
  }

  public int status() {
    return status;
  }

  /** capture-service's problem code, e.g. {@code memory_not_found}; empty if it gave none. */
  public String code() {
    return code;
  }
}
