package dev.engram.console.review;

import static org.hamcrest.Matchers.endsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class ReviewPagesTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
  }

  @Test
  void anAdminSeesQuarantineWithTheGatesReasonAndPromotionsWithTheirEvidence() {
    stub.answer("GET /v1/quarantine", 200, Fixtures.quarantine(Fixtures.HOSTILE))
        .answer("GET /v1/promotions", 200, Fixtures.promotions("Alice is a vegetarian"));
    String html = Browser.signedInAs(TestKeys.ADMIN).page("/review");

    assertTrue(html.contains("prompt injection: ignore previous instructions"));
    assertTrue(html.contains(Fixtures.HOSTILE_ESCAPED));
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("action=\"/review/quarantine/memory/55/release\""));
    assertTrue(html.contains("Alice is a vegetarian"));
    assertTrue(html.contains("4 days, 6 sessions, confidence 0.95"));
    assertTrue(html.contains("action=\"/review/promotions/9/approve\""));
    assertEquals("status=PENDING&limit=50", stub.queryOf("/v1/promotions"));
  }

  @Test
  void anAgentKeySeesTheServicesRefusalNotAnError() {
    stub.refuse("GET /v1/quarantine", 403, "needs the role admin")
        .answer("GET /v1/promotions", 200, Fixtures.promotions("Alice is a vegetarian"))
        .refuse("POST /v1/promotions/9/approve", 403, "only an admin may decide a promotion");
    Browser agent = Browser.signedInAs(TestKeys.AGENT);

    String html = agent.page("/review");
    assertTrue(html.contains("capture-service: needs the role admin"), html);
    assertTrue(html.contains("Alice is a vegetarian"), "the part it may read still shows");

    String refused =
        agent
            .post("/review/promotions/9/approve", agent.csrf())
            .then()
            .statusCode(403)
            .extract()
            .asString();
    assertTrue(refused.contains("Your key may not do this"), refused);
    assertTrue(refused.contains("capture-service said: only an admin may decide a promotion"));
  }

  @Test
  void aServiceThatFailsIsABadGatewayPageNotAServerError() {
    stub.answer("POST /v1/quarantine/memory/55/release", 500, "{\"status\":500}");
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    String html =
        admin
            .post("/review/quarantine/memory/55/release", admin.csrf())
            .then()
            .statusCode(502)
            .extract()
            .asString();
    assertTrue(html.contains("capture-service said: answered 500"), html);
  }

  @Test
  void decisionsGoToTheServiceAndComeBackAsAMessage() {
    stub.answer("POST /v1/promotions/9/reject", 200, "{}")
        .answer("GET /v1/quarantine", 200, "{\"items\":[],\"next_cursor\":null}")
        .answer("GET /v1/promotions", 200, "{\"items\":[],\"next_cursor\":null}");
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin
        .post("/review/promotions/9/reject", admin.csrf())
        .then()
        .statusCode(303)
        .header("Location", endsWith("/review?done=rejected"));
    assertEquals(
        List.of("POST /v1/promotions/9/reject"),
        stub.writes().stream().map(w -> w.method() + " " + w.path()).toList());
    assertTrue(admin.get("/review?done=rejected").asString().contains("Done: rejected."));
  }

  @Test
  void anUnknownQuarantineTypeIsNotFoundAndNotForwarded() {
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    admin.post("/review/quarantine/fact/3/release", admin.csrf()).then().statusCode(404);
    assertEquals(List.of(), stub.writes());
  }
}
