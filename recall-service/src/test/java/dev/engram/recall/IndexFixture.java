package dev.engram.recall;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Test keys (configured in the %test profile) and builders for the internal index API. */
public final class IndexFixture {

  public static final String INTERNAL_KEY = "test-internal-key";
  public static final String AGENT_T1_KEY = "test-agent-t1";
  public static final String AGENT_T2_KEY = "test-agent-t2";
  public static final String ADMIN_T1_KEY = "test-admin-t1";
  public static final String OPERATIONS = "/internal/v1/index/operations";
  public static final String CREATED_AT = "2026-05-08T13:56:00Z";

  private IndexFixture() {}

  /** Posts operations with the internal key and expects 200. */
  public static ValidatableResponse index(Map<?, ?>... operations) {
    return post(INTERNAL_KEY, Map.of("operations", Arrays.asList(operations))).statusCode(200);
  }

  public static ValidatableResponse post(String key, Object body) {
    var request = given().contentType(ContentType.JSON).body(body);
    if (key != null) {
      request.header("Authorization", "Bearer " + key);
    }
    return request.when().post(OPERATIONS).then();
  }

  public static Map<String, Object> upsert(Map<String, Object> document) {
    return Map.of("op", "upsert", "document", document);
  }

  public static Map<String, Object> delete(String tenant, String kind, long id, long version) {
    return Map.of("op", "delete", "tenant", tenant, "kind", kind, "id", id, "version", version);
  }

  public static Map<String, Object> reset(String tenant) {
    return Map.of("op", "reset", "tenant", tenant);
  }

  /** A memory; scope follows from which of agent and chat are given. */
  public static Map<String, Object> memory(
      String tenant, long id, String agent, String chat, String text) {
    Map<String, Object> doc = new HashMap<>();
    doc.put("tenant", tenant);
    doc.put("kind", "memory");
    doc.put("id", id);
    doc.put("version", 1);
    doc.put("agent", agent);
    doc.put("chat", chat);
    doc.put("scope", agent == null ? "GLOBAL" : chat == null ? "AGENT" : "CHAT");
    doc.put("category", "KNOWLEDGE");
    doc.put("status", "ACTIVE");
    doc.put("text", text);
    doc.put("confidence", 0.9);
    doc.put("created_at", CREATED_AT);
    doc.put("metadata", Map.of("dia_id", "D1:" + id));
    return doc;
  }

  public static Map<String, Object> exchange(
      String tenant, long id, String agent, String chat, String text) {
    Map<String, Object> doc = new HashMap<>();
    doc.put("tenant", tenant);
    doc.put("kind", "exchange");
    doc.put("id", id);
    doc.put("version", 1);
    doc.put("agent", agent);
    doc.put("chat", chat);
    doc.put("session", "s-1");
    doc.put("scope", "CHAT");
    doc.put("status", "ACTIVE");
    doc.put("speaker", "alice");
    doc.put("role", "user");
    doc.put("text", text);
    doc.put("created_at", CREATED_AT);
    return doc;
  }

  /** A copy of a document with some fields replaced (null values allowed). */
  public static Map<String, Object> with(Map<String, Object> doc, Object... keyValues) {
    Map<String, Object> copy = new HashMap<>(doc);
    for (int i = 0; i < keyValues.length; i += 2) {
      copy.put((String) keyValues[i], keyValues[i + 1]);
    }
    return copy;
  }

  public static List<Map<String, Object>> list(Map<String, Object>... items) {
    return List.of(items);
  }
}
