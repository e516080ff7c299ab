package dev.engram.capture.promotion;

import static dev.engram.capture.promotion.PromotionFixture.THREE_DAYS;
import static dev.engram.capture.promotion.PromotionFixture.memory;
import static dev.engram.capture.promotion.PromotionFixture.proposals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A tenant's admin runs the candidate pass over its own tenant only (issue 28, item 7): it neither
 * proposes another tenant's memories nor counts them. Every tenant only with the suite's ops key.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class ScanScopeTest {

  @Test
  void anotherTenantsAdminScanLeavesThisTenantAlone() {
    String s = Api.unique("scope");
    long acme = memory(TestKeys.ADMIN, "PROFILE", 0.9, THREE_DAYS, List.of(s + "1", s + "2", s));

    Api.as(TestKeys.OTHER_TENANT).post("/v1/promotions/scan").then().statusCode(200);
    assertEquals(0, proposals(TestKeys.ADMIN, acme).size(), "globex's admin proposed acme's");

    Api.as(TestKeys.ADMIN).post("/v1/promotions/scan").then().statusCode(200);
    assertEquals(1, proposals(TestKeys.ADMIN, acme).size());
  }

  @Test
  void theSuiteOpsKeyScansEveryTenantAndATenantsOpsKeyOnlyItsOwn() {
    String s = Api.unique("scope");
    long acme = memory(TestKeys.ADMIN, "PROFILE", 0.9, THREE_DAYS, List.of(s + "1", s + "2", s));
    long globex =
        memory(TestKeys.OTHER_TENANT, "PROFILE", 0.9, THREE_DAYS, List.of(s + "1", s + "2", s));

    Api.as(TestKeys.OPS).post("/v1/promotions/scan").then().statusCode(200);
    assertEquals(1, proposals(TestKeys.ADMIN, acme).size());
    assertEquals(0, proposals(TestKeys.OTHER_TENANT, globex).size(), "acme's ops key reached");

    Api.as(TestKeys.SUITE_OPS).post("/v1/promotions/scan").then().statusCode(200);
    assertEquals(1, proposals(TestKeys.OTHER_TENANT, globex).size());
  }
}
