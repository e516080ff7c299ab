package dev.engram.capture.slot;

import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Issue 12 items 4 and 5: no slot write answers 500 or stalls other writes. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class SlotRaceAndSizeTest {

  @Test
  void aHugeOneWordSlotIsRefusedByItsSizeAndOtherWritesGoOn() throws Exception {
    String agent = Api.unique("bot");
    String huge = "{\"content\":\"" + "a".repeat(3 * 1024 * 1024) + "\"}";
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      CompletableFuture<Response> big =
          CompletableFuture.supplyAsync(
              () -> Api.as(TestKeys.AGENT).body(huge).put(slot(agent, "scratch")), pool);
      CompletableFuture<Response> small =
          CompletableFuture.supplyAsync(
              () ->
                  Api.as(TestKeys.AGENT)
                      .body("{\"content\":\"still answered\"}")
                      .put(slot(agent, "hot_context")),
              pool);
      assertEquals(200, small.get(30, TimeUnit.SECONDS).statusCode());
      big.get(60, TimeUnit.SECONDS)
          .then()
          .statusCode(400)
          .contentType("application/problem+json")
          .body("errors[0].field", equalTo("content"));
    } finally {
      pool.shutdownNow();
    }
    Api.as(TestKeys.AGENT).get(slot(agent, "scratch")).then().statusCode(404);
  }

  @Test
  void aLongWordUnderTheByteBoundIsCountedAndRefusedByItsTokens() {
    String agent = Api.unique("bot");
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"" + "a".repeat(200 * 1024) + "\"}")
        .put(slot(agent, "scratch"))
        .then()
        .statusCode(413)
        .contentType("application/problem+json")
        .body("code", equalTo("slot_too_large"))
        .body("max_tokens", equalTo(10));
  }

  @Test
  void concurrentFirstWritesStoreOneRowAndNeverFail() throws Exception {
    String agent = Api.unique("bot");
    List<Integer> statuses = parallelPuts(agent, "working_memory", "");
    statuses.forEach(s -> assertEquals(200, s, "every overwrite succeeds: " + statuses));
    assertEquals(1, rows(agent, "working_memory"));
    Api.as(TestKeys.AGENT)
        .get(slot(agent, "working_memory"))
        .then()
        .statusCode(200)
        .body("version", equalTo(8));

    List<Integer> createOnly = parallelPuts(agent, "notes", ",\"expected_version\":0");
    assertEquals(1, createOnly.stream().filter(s -> s == 200).count(), createOnly.toString());
    assertTrue(createOnly.stream().allMatch(s -> s == 200 || s == 409), createOnly.toString());
    assertEquals(1, rows(agent, "notes"));
  }

  @Test
  void aWriteWithoutAVersionOverwritesAndAStaleVersionIsRefused() throws Exception {
    String agent = Api.unique("bot");
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"first\"}")
        .put(slot(agent, "working_memory"))
        .then()
        .statusCode(200);
    List<Integer> statuses = parallelPuts(agent, "working_memory", "");
    statuses.forEach(s -> assertEquals(200, s, "absent expected_version overwrites: " + statuses));
    Api.as(TestKeys.AGENT).get(slot(agent, "working_memory")).then().body("version", equalTo(9));
    Api.as(TestKeys.AGENT)
        .body("{\"content\":\"stale\",\"expected_version\":3}")
        .put(slot(agent, "working_memory"))
        .then()
        .statusCode(409)
        .contentType("application/problem+json")
        .body("code", equalTo("version_conflict"))
        .body("current_version", equalTo(9));
  }

  private static List<Integer> parallelPuts(String agent, String name, String extra)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<CompletableFuture<Integer>> puts = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        String body = "{\"content\":\"writer " + i + "\"" + extra + "}";
        puts.add(
            CompletableFuture.supplyAsync(
                () -> Api.as(TestKeys.AGENT).body(body).put(slot(agent, name)).statusCode(), pool));
      }
      List<Integer> statuses = new ArrayList<>();
      for (CompletableFuture<Integer> put : puts) {
        statuses.add(put.get(60, TimeUnit.SECONDS));
      }
      return statuses;
    } finally {
      pool.shutdownNow();
    }
  }

  private static long rows(String agent, String name) {
    return Db.count("select count(*) from slots where agent = ?1 and name = ?2", agent, name);
  }

  private static String slot(String agent, String name) {
    return "/v1/agents/" + agent + "/sessions/s-1/slots/" + name;
  }
}
