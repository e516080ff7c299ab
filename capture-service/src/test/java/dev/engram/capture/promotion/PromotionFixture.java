package dev.engram.capture.promotion;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.TestKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Memories seen on given days and sessions, the candidate pass and decisions, over REST. */
final class PromotionFixture {

  static final String UMBRELLA = "test-umbrella-key";
  static final List<String> THREE_DAYS =
      List.of("2026-03-02T10:00:00Z", "2026-03-09T10:00:00Z", "2026-03-16T10:00:00Z");

  private PromotionFixture() {}

  /** A memory drawn from one turn per day given, each in the session given (null: none). */
  static long memory(
      String key, String category, double confidence, List<String> days, List<String> sessions) {
    String chat = Api.unique("promo");
    List<Long> exchanges = new ArrayList<>();
    for (int i = 0; i < days.size(); i++) {
      String body =
          "{\"exchanges\":[{\"agent\":\"bot\",\"chat\":\""
              + chat
              + "\",\"session\":\""
              + sessions.get(i)
              + "\",\"speaker\":\"Ann\",\"role\":\"user\",\"text\":\"Turn "
              + i
              + " of "
              + chat
              + "\",\"occurred_at\":\""
              + days.get(i)
              + "\"}]}";
      exchanges.add(
          Api.as(key)
              .body(body)
              .post("/v1/exchanges")
              .then()
              .statusCode(201)
              .extract()
              .jsonPath()
              .getLong("items[0].id"));
    }
    return Api.as(key)
        .body(
            Map.of(
                "agent",
                "bot",
                "scope",
                "AGENT",
                "category",
                category,
                "confidence",
                confidence,
                "text",
                "Ann keeps coming back to the lighthouse in " + chat,
                "provenance",
                Map.of("exchange_ids", exchanges)))
        .post("/v1/memories")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("id");
  }

  static void scan() {
    scan(UMBRELLA);
  }

  /** The candidate pass over the tenant of this admin key (a scan touches its own tenant only). */
  static void scan(String key) {
    Api.as(TestKeys.AGENT).post("/v1/promotions/scan").then().statusCode(403);
    Api.as(key).post("/v1/promotions/scan").then().statusCode(200);
  }

  static io.restassured.response.Response decide(
      String key, long promotion, String what, String body) {
    var request = Api.as(key);
    if (body != null) {
      request = request.body(body);
    }
    return request.post("/v1/promotions/" + promotion + "/" + what);
  }

  static long promotionOf(String key, long memory) {
    List<Map<String, Object>> mine = proposals(key, memory);
    assertEquals(1, mine.size(), "one proposal: " + mine);
    return ((Number) mine.getFirst().get("id")).longValue();
  }

  /** The tenant's promotions of one memory. */
  static List<Map<String, Object>> proposals(String key, long memory) {
    return proposals(key, "memory", memory);
  }

  /** The tenant's promotions of one memory or fact. */
  static List<Map<String, Object>> proposals(String key, String type, long target) {
    List<Map<String, Object>> items =
        Api.as(key)
            .get("/v1/promotions?limit=200")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("items");
    return items.stream()
        .filter(
            p ->
                type.equals(p.get("target_type"))
                    && ((Number) p.get("target_id")).longValue() == target)
        .toList();
  }

  /** A memory of {@code category} seen on three days in three sessions, scanned and approved. */
  static long canonical(String key, String category) {
    String s = Api.unique("c");
    long memory = memory(key, category, 0.9, THREE_DAYS, List.of(s + "1", s + "2", s + "3"));
    scan(key);
    decide(key, promotionOf(key, memory), "approve", null).then().statusCode(200);
    return memory;
  }
}
