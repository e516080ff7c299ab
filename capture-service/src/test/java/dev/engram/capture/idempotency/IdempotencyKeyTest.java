package dev.engram.capture.idempotency;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Idempotency-Key: a retry gets the first answer again and writes nothing a second time. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class IdempotencyKeyTest {

  @Inject IdempotencyKeys keys;

  private static String memory(String chat, String text) {
    return """
        {"agent":"bot","chat":"%s","category":"PROFILE","text":"%s"}"""
        .formatted(chat, text);
  }

  private static Response post(String apiKey, String key, String body) {
    return Api.as(apiKey).header("Idempotency-Key", key).body(body).post("/v1/memories");
  }

  private static String newKey() {
    return UUID.randomUUID().toString();
  }

  /** A key of tenant acme as the table holds it: claimed (no status) or answered, this old. */
  private static void stored(String key, String sha256, Integer status, String age) {
    Db.execute(
        "insert into idempotency_keys (tenant, key, request_sha256, status, created_at) values"
            + " ('acme', '%s', '%s', %s, now() - interval '%s')"
                .formatted(key, sha256, status, age));
  }

  private static long outboxEvents() {
    return Db.count("select last_value from outbox_id_seq");
  }

  @Test
  void aRetryWithTheSameKeyGetsTheFirstAnswerAndWritesNothing() {
    String chat = Api.unique("chat");
    String key = newKey();
    String body = memory(chat, "Alice prefers green tea");
    long before = outboxEvents();
    Response first = post(TestKeys.AGENT, key, body);
    first.then().statusCode(201);
    assertNull(first.header(IdempotencyFilter.REPLAYED));
    long afterFirst = outboxEvents();
    assertNotEquals(before, afterFirst, "the first write enqueued its events");

    Response retry = post(TestKeys.AGENT, key, body);
    retry.then().statusCode(201).header(IdempotencyFilter.REPLAYED, "true");
    assertEquals(first.asString(), retry.asString());
    assertEquals(first.contentType(), retry.contentType());
    assertEquals(1, Db.count("select count(*) from memories where chat = ?1", chat));
    assertEquals(
        1,
        Db.count(
            "select count(*) from audit_log where target_type = 'memory' and target_id = ?1",
            String.valueOf(first.jsonPath().getLong("id"))));
    assertEquals(afterFirst, outboxEvents(), "a replay enqueues no event");
  }

  @Test
  void theSameKeyOnAnotherRequestIsRefused() {
    String chat = Api.unique("chat");
    String key = newKey();
    post(TestKeys.AGENT, key, memory(chat, "Alice drinks tea")).then().statusCode(201);
    post(TestKeys.AGENT, key, memory(chat, "Alice drinks coffee"))
        .then()
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("idempotency_key_reused"));
    Api.as(TestKeys.AGENT)
        .header("Idempotency-Key", key)
        .body("{\"exchanges\":[]}")
        .post("/v1/exchanges")
        .then()
        .statusCode(409)
        .body("code", equalTo("idempotency_key_reused"));
    assertEquals(1, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void aKeyWhoseRequestIsStillRunningIsRefusedForNow() {
    String chat = Api.unique("chat");
    String key = newKey();
    String body = memory(chat, "Alice drinks tea");
    String running =
        IdempotentRequest.of(
                "acme", List.of(key), "POST", "/v1/memories", body.getBytes(StandardCharsets.UTF_8))
            .sha256();
    stored(key, running, null, "0 seconds");
    post(TestKeys.AGENT, key, body)
        .then()
        .statusCode(409)
        .body("code", equalTo("idempotency_key_in_flight"));
    assertEquals(0, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void anAbandonedClaimOrAnExpiredKeyIsFreeAgain() {
    String chat = Api.unique("chat");
    String abandoned = newKey();
    String expired = newKey();
    stored(abandoned, "crashed", null, "6 minutes");
    stored(expired, "old", 201, "25 hours");
    post(TestKeys.AGENT, abandoned, memory(chat, "Alice drinks tea")).then().statusCode(201);
    post(TestKeys.AGENT, expired, memory(chat, "Alice drinks water")).then().statusCode(201);
    assertEquals(2, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void aFailedWriteFreesItsKey() {
    String chat = Api.unique("chat");
    String key = newKey();
    post(TestKeys.AGENT, key, "{\"agent\":\"bot\",\"chat\":\"" + chat + "\"}")
        .then()
        .statusCode(400);
    post(TestKeys.AGENT, key, memory(chat, "Alice drinks tea")).then().statusCode(201);
    assertEquals(1, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void aKeyBelongsToItsTenant() {
    String chat = Api.unique("chat");
    String key = newKey();
    String body = memory(chat, "Alice drinks tea");
    long acme =
        post(TestKeys.AGENT, key, body).then().statusCode(201).extract().jsonPath().getLong("id");
    Response globex = post(TestKeys.OTHER_TENANT, key, body);
    globex.then().statusCode(201);
    assertNull(globex.header(IdempotencyFilter.REPLAYED));
    assertNotEquals(acme, globex.jsonPath().getLong("id"));
    // A key of the same tenant that may not write gets no replay of another caller's answer.
    post(TestKeys.OPS, key, body).then().statusCode(403);
  }

  @Test
  void anInvalidKeyIsABadRequestAndStoresNothing() {
    String chat = Api.unique("chat");
    for (String key : new String[] {"", " ", "x".repeat(256), "a\tb", "caf\u00e9"}) {
      Response refused = post(TestKeys.AGENT, key, memory(chat, "Alice drinks tea"));
      assertEquals(400, refused.statusCode(), "key [" + key + "]");
      refused
          .then()
          .contentType("application/problem+json")
          .body("code", equalTo("idempotency_key_invalid"))
          .body("errors[0].field", equalTo("Idempotency-Key"));
    }
    post(TestKeys.AGENT, "x".repeat(255), memory(chat, "Alice drinks tea")).then().statusCode(201);
    assertEquals(1, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void aRetriedAppendOrDeleteGetsItsFirstAnswer() {
    String chat = Api.unique("chat");
    String key = newKey();
    String turns =
        """
        {"exchanges":[{"agent":"bot","chat":"%s","speaker":"alice","role":"user",
         "text":"I moved to Bergen"}]}"""
            .formatted(chat);
    Response first =
        Api.as(TestKeys.AGENT).header("Idempotency-Key", key).body(turns).post("/v1/exchanges");
    first.then().statusCode(201).body("items[0].duplicate", equalTo(false));
    Response again =
        Api.as(TestKeys.AGENT).header("Idempotency-Key", key).body(turns).post("/v1/exchanges");
    again.then().statusCode(201).header(IdempotencyFilter.REPLAYED, "true");
    assertEquals(first.asString(), again.asString());
    assertEquals(1, Db.count("select count(*) from exchanges where chat = ?1", chat));

    long id =
        post(TestKeys.AGENT, newKey(), memory(chat, "Alice drinks tea")).jsonPath().getLong("id");
    String delete = newKey();
    for (int i = 0; i < 2; i++) {
      Api.as(TestKeys.AGENT)
          .header("Idempotency-Key", delete)
          .delete("/v1/memories/" + id)
          .then()
          .statusCode(204);
    }
    Api.as(TestKeys.AGENT).delete("/v1/memories/" + id).then().statusCode(404);
  }

  @Test
  void concurrentCopiesWithOneKeyRunTheWriteOnce() {
    String chat = Api.unique("chat");
    String key = newKey();
    String body = memory(chat, "Alice drinks rooibos");
    List<Response> answers;
    try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
      answers =
          IntStream.range(0, 8)
              .mapToObj(
                  i -> CompletableFuture.supplyAsync(() -> post(TestKeys.AGENT, key, body), pool))
              .toList()
              .stream()
              .map(CompletableFuture::join)
              .toList();
    }
    List<Response> created = answers.stream().filter(r -> r.statusCode() == 201).toList();
    for (Response r : answers) {
      if (r.statusCode() != 201) {
        r.then().statusCode(409).body("code", equalTo("idempotency_key_in_flight"));
      }
    }
    assertEquals(
        1, created.stream().filter(r -> r.header(IdempotencyFilter.REPLAYED) == null).count());
    assertEquals(1, created.stream().map(Response::asString).distinct().count());
    assertEquals(1, Db.count("select count(*) from memories where chat = ?1", chat));
  }

  @Test
  void expiredKeysAreSwept() throws Throwable {
    String old = newKey();
    String fresh = newKey();
    stored(old, "a", 201, "25 hours");
    stored(fresh, "b", 201, "23 hours");
    VertxContextSupport.subscribeAndAwait(() -> keys.sweep());
    assertEquals(0, Db.count("select count(*) from idempotency_keys where key = ?1", old));
    assertEquals(1, Db.count("select count(*) from idempotency_keys where key = ?1", fresh));
  }
}
