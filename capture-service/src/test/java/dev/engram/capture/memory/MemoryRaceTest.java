package dev.engram.capture.memory;

import static dev.engram.capture.Concurrently.assertAnswer;
import static dev.engram.capture.Concurrently.together;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * Writers of one memory racing each other (issue 28, item 1): each answer is a 2xx, 404 or 409
 * problem, never a 500, and a DELETE of a memory someone else just deleted is a 404, as it is when
 * the two come one after the other.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class MemoryRaceTest {

  private static final int ROUNDS = 6;

  private static long create(String agent, String text) {
    return Api.created(
        TestKeys.ADMIN,
        "/v1/memories",
        "{\"agent\":\"%s\",\"chat\":\"tg:race\",\"text\":\"%s\"}".formatted(agent, text));
  }

  @Test
  void fiveDeletesOfOneMemoryDeleteItOnceAndTheOthersFindNothing() throws Exception {
    String agent = Api.unique("racer");
    for (int round = 0; round < ROUNDS; round++) {
      long id = create(agent, "Alice keeps bees, round " + round);
      List<Callable<Response>> deletes = new ArrayList<>();
      for (int i = 0; i < 5; i++) {
        deletes.add(() -> Api.as(TestKeys.ADMIN).delete("/v1/memories/" + id));
      }
      List<Response> answers = together(deletes);
      int deleted = 0;
      for (Response r : answers) {
        assertAnswer("DELETE", r, Set.of(204, 404));
        deleted += r.statusCode() == 204 ? 1 : 0;
      }
      assertEquals(1, deleted, "exactly one DELETE deletes");
      Api.as(TestKeys.ADMIN).get("/v1/memories/" + id).then().statusCode(404);
    }
  }

  @Test
  void deleteRacingEditSupersedeAndDeleteNeverAnswers500() throws Exception {
    String agent = Api.unique("racer");
    for (int round = 0; round < ROUNDS; round++) {
      long id = create(agent, "Bob drives a van, round " + round);
      long other = create(agent, "Bob drives to Porto, round " + round);
      List<Response> answers =
          together(
              List.of(
                  () -> Api.as(TestKeys.ADMIN).delete("/v1/memories/" + id),
                  () ->
                      Api.as(TestKeys.ADMIN)
                          .body("{\"text\":\"Bob drives a truck\"}")
                          .patch("/v1/memories/" + id),
                  () ->
                      Api.as(TestKeys.ADMIN)
                          .body("{\"text\":\"Bob drives a bus\"}")
                          .post("/v1/memories/" + id + "/supersede"),
                  () ->
                      Api.as(TestKeys.ADMIN)
                          .body("{\"to_memory\":%d,\"type\":\"RELATED_TO\"}".formatted(other))
                          .post("/v1/memories/" + id + "/relations"),
                  () -> Api.as(TestKeys.ADMIN).delete("/v1/memories/" + id)));
      assertAnswer("DELETE", answers.get(0), Set.of(204, 404, 409));
      assertAnswer("PATCH", answers.get(1), Set.of(200, 404, 409));
      assertAnswer("supersede", answers.get(2), Set.of(201, 404, 409));
      assertAnswer("relation", answers.get(3), Set.of(201, 404, 409));
      assertAnswer("DELETE", answers.get(4), Set.of(204, 404, 409));
      long deletes =
          answers.stream().filter(r -> r.statusCode() == 204 && r.asString().isEmpty()).count();
      assertTrue(deletes <= 1, "one memory is deleted at most once");
    }
  }
}
