package dev.engram.graph.support;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Graph operations as capture-service's outbox sends them (docs/internal-apis.md). */
public final class Ops {

  private Ops() {}

  /** POSTs a batch with the internal key. */
  public static ValidatableResponse send(List<Map<String, Object>> operations) {
    return given()
        .header("Authorization", TestKeys.INTERNAL)
        .contentType(ContentType.JSON)
        .body(Map.of("operations", operations))
        .when()
        .post("/internal/v1/graph/operations")
        .then();
  }

  /** POSTs a batch and expects it applied. */
  public static ValidatableResponse apply(List<Map<String, Object>> operations) {
    return send(operations).statusCode(200);
  }

  /** A CHAT-scoped memory of agent {@code agent} in {@code chat}. */
  public static Map<String, Object> memory(
      String tenant, long id, String agent, String chat, String text, String createdAt) {
    return memory(tenant, id, 1, agent, chat, "CHAT", text, createdAt, 0.9);
  }

  public static Map<String, Object> memory(
      String tenant,
      long id,
      long version,
      String agent,
      String chat,
      String scope,
      String text,
      String createdAt,
      double confidence) {
    Map<String, Object> m = new HashMap<>();
    m.put("tenant", tenant);
    m.put("id", id);
    m.put("version", version);
    m.put("agent", agent);
    m.put("chat", chat);
    m.put("thread", null);
    m.put("scope", scope);
    m.put("category", "PROFILE");
    m.put("status", "ACTIVE");
    m.put("text", text);
    m.put("confidence", confidence);
    m.put("created_at", createdAt);
    m.put("source_exchange_ids", List.of());
    return Map.of("op", "upsert_memory", "memory", m);
  }

  public static Map<String, Object> exchange(
      String tenant, long id, String agent, String chat, String text, String occurredAt) {
    Map<String, Object> x = new HashMap<>();
    x.put("tenant", tenant);
    x.put("id", id);
    x.put("version", 1);
    x.put("agent", agent);
    x.put("chat", chat);
    x.put("thread", null);
    x.put("speaker", "alice");
    x.put("text", text);
    x.put("occurred_at", occurredAt);
    return Map.of("op", "upsert_exchange", "exchange", x);
  }

  /** The same memory or exchange operation tagged with {@code mode} (issue 17). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> inMode(Map<String, Object> operation, String mode) {
    Object doc =
        operation.containsKey("memory") ? operation.get("memory") : operation.get("exchange");
    ((Map<String, Object>) doc).put("mode", mode);
    return operation;
  }

  /** A fact builder: CHAT scope of (agent, chat) unless changed. */
  public static Fact fact(String tenant, long id, String subject, String predicate, String object) {
    return new Fact(tenant, id, subject, predicate, object);
  }

  /** A fact as capture sends it; every setter returns this. */
  public static final class Fact {
    private final Map<String, Object> f = new HashMap<>();

    Fact(String tenant, long id, String subject, String predicate, String object) {
      f.put("tenant", tenant);
      f.put("id", id);
      f.put("version", 1);
      f.put("agent", "bot1");
      f.put("chat", "telegram:1");
      f.put("scope", "CHAT");
      f.put("subject", subject);
      f.put("predicate", predicate);
      f.put("object", object);
      f.put("valid_from", null);
      f.put("valid_to", null);
      f.put("recorded_at", "2026-01-01T00:00:00Z");
      f.put("invalidated_at", null);
      f.put("confidence", 0.9);
      f.put("source_memory_ids", List.of());
      f.put("status", "ACTIVE");
    }

    public Fact set(String field, Object value) {
      f.put(field, value);
      return this;
    }

    public Fact version(long version) {
      return set("version", version);
    }

    public Fact validFrom(String at) {
      return set("valid_from", at);
    }

    public Fact recordedAt(String at) {
      return set("recorded_at", at);
    }

    public Fact sources(Long... ids) {
      return set("source_memory_ids", List.of(ids));
    }

    public Fact scope(String scope, String agent, String chat) {
      return set("scope", scope).set("agent", agent).set("chat", chat);
    }

    public Fact confidence(double confidence) {
      return set("confidence", confidence);
    }

    /** Ended by a newer value, as capture-service records it. */
    public Fact invalidated(String validTo, String invalidatedAt) {
      return set("valid_to", validTo).set("invalidated_at", invalidatedAt);
    }

    public Map<String, Object> op() {
      return Map.of("op", "upsert_fact", "fact", new HashMap<>(f));
    }
  }

  public static Map<String, Object> relation(
      String tenant, long id, long from, long to, String type, double weight) {
    Map<String, Object> r = new HashMap<>();
    r.put("tenant", tenant);
    r.put("id", id);
    r.put("version", 1);
    r.put("from_memory", from);
    r.put("to_memory", to);
    r.put("type", type);
    r.put("weight", weight);
    r.put("created_at", "2026-01-01T00:00:00Z");
    return Map.of("op", "upsert_relation", "relation", r);
  }

  public static Map<String, Object> deleteMemory(String tenant, long id) {
    return Map.of("op", "delete_memory", "tenant", tenant, "id", id);
  }

  public static Map<String, Object> deleteFact(String tenant, long id) {
    return Map.of("op", "delete_fact", "tenant", tenant, "id", id);
  }

  public static Map<String, Object> deleteRelation(String tenant, long id) {
    return Map.of("op", "delete_relation", "tenant", tenant, "id", id);
  }

  public static Map<String, Object> reset(String tenant) {
    return Map.of("op", "reset", "tenant", tenant);
  }
}
