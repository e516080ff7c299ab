package dev.engram.capture.promotion;

import static dev.engram.capture.Concurrently.assertAnswer;
import static dev.engram.capture.Concurrently.together;
import static dev.engram.capture.promotion.PromotionFixture.THREE_DAYS;
import static dev.engram.capture.promotion.PromotionFixture.memory;
import static dev.engram.capture.promotion.PromotionFixture.promotionOf;
import static dev.engram.capture.promotion.PromotionFixture.scan;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Decisions on one promotion racing each other and the deletion of its memory (issue 28): each is
 * answered 200, 404 or 409 problem+json, never a 500.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class PromotionRaceTest {

  @Test
  void approveRejectAndDeleteOfOneCandidateTakeTurns() throws Exception {
    for (int round = 0; round < 3; round++) {
      String s = Api.unique("race");
      long memory =
          memory(TestKeys.ADMIN, "KNOWLEDGE", 0.9, THREE_DAYS, List.of(s + "1", s + "2", s));
      scan(TestKeys.ADMIN);
      long promotion = promotionOf(TestKeys.ADMIN, memory);
      String decide = "/v1/promotions/" + promotion + "/";
      List<Response> answers =
          together(
              List.of(
                  () -> Api.as(TestKeys.ADMIN).body("{}").post(decide + "approve"),
                  () -> Api.as(TestKeys.ADMIN).body("{}").post(decide + "approve"),
                  () -> Api.as(TestKeys.ADMIN).body("{}").post(decide + "reject"),
                  () -> Api.as(TestKeys.ADMIN).delete("/v1/memories/" + memory)));
      assertAnswer("approve", answers.get(0), Set.of(200, 409));
      assertAnswer("approve", answers.get(1), Set.of(200, 409));
      assertAnswer("reject", answers.get(2), Set.of(200, 409));
      assertAnswer("DELETE", answers.get(3), Set.of(204, 409));
    }
  }
}
