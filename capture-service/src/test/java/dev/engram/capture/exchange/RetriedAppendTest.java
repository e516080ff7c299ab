package dev.engram.capture.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * A gateway retrying an append after a timeout must get the first answer's rows back, never 5xx.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class RetriedAppendTest {

  private static String batch(String chat) {
    return """
        {"exchanges":[
         {"agent":"bot","chat":"%1$s","speaker":"alice","role":"user","text":"I moved to Bergen",
          "occurred_at":"2026-05-08T13:56:00Z"},
         {"agent":"bot","chat":"%1$s","speaker":"bot","role":"assistant","text":"Noted, Bergen.",
          "occurred_at":"2026-05-08T13:56:05Z"}]}"""
        .formatted(chat);
  }

  private static Response post(String body) {
    return Api.as(TestKeys.AGENT).body(body).post("/v1/exchanges");
  }

  @Test
  void aBatchPostedTwiceIsAcknowledgedAsDuplicatesAndStoredOnce() {
    String chat = Api.unique("chat");
    Response first = post(batch(chat));
    first.then().statusCode(201);
    Response again = post(batch(chat));
    again.then().statusCode(201);
    assertEquals(List.of(true, true), again.jsonPath().getList("items.duplicate"));
    assertEquals(first.jsonPath().getList("items.id"), again.jsonPath().getList("items.id"));
    assertEquals(2, Db.count("select count(*) from exchanges where chat = ?1", chat));
    assertEquals(2, Db.count("select count(*) from reflector_inbox where chat = ?1", chat));
  }

  @Test
  void eightConcurrentCopiesGiveNoServerErrorAndOneRowPerTurn() {
    String chat = Api.unique("chat");
    String body = batch(chat);
    List<Response> answers;
    // Eight threads of their own: the common pool has one thread on a two-core machine.
    try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
      List<CompletableFuture<Response>> copies =
          IntStream.range(0, 8)
              .mapToObj(i -> CompletableFuture.supplyAsync(() -> post(body), pool))
              .toList();
      answers = copies.stream().map(CompletableFuture::join).toList();
    }
    for (Response r : answers) {
      assertEquals(201, r.statusCode(), r.asString());
    }
    long fresh =
        answers.stream().filter(r -> !r.jsonPath().getBoolean("items[0].duplicate")).count();
    assertEquals(1, fresh, "exactly one copy stored the turns");
    assertTrue(
        answers.stream()
            .allMatch(
                r ->
                    r.jsonPath()
                        .getList("items.id")
                        .equals(answers.get(0).jsonPath().getList("items.id"))),
        "every copy names the same rows");
    assertEquals(2, Db.count("select count(*) from exchanges where chat = ?1", chat));
  }
}
