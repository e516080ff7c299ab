package dev.engram.capture.reflector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.IsolatedTenantProfile;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Above the tenant's capacity the least confident memories are archived, whatever their chat. */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
@TestProfile(IsolatedTenantProfile.class)
class TenantCapacityTest {

  @Test
  void aTenantOverItsLimitArchivesItsLeastConfidentMemoriesFirst() {
    List<Long> weakest = new ArrayList<>();
    int total = IsolatedTenantProfile.MAX_PER_TENANT + 2;
    for (int i = 0; i < total; i++) {
      // Spread over agents and chats, each far below the per-chat and per-agent limits.
      String agent = Api.unique("bot");
      long id =
          Api.as(TestKeys.ISOLATED)
              .body(
                  "{\"agent\":\"%s\",\"chat\":\"c\",\"text\":\"note %d\",\"confidence\":%s}"
                      .formatted(agent, i, i < 2 ? "0.01" : "0.5"))
              .post("/v1/memories")
              .then()
              .statusCode(201)
              .extract()
              .jsonPath()
              .getLong("id");
      if (i < 2) {
        weakest.add(id);
      }
    }

    JsonPath run = new Turns(Api.unique("bot"), "c").reflect(TestKeys.ISOLATED);
    assertTrue(run.getInt("archived") >= 2, run.prettify());
    for (long id : weakest) {
      List<Object[]> row = Db.rows("select status, status_reason from memories where id = ?1", id);
      assertEquals("ARCHIVED", row.getFirst()[0]);
      assertTrue(((String) row.getFirst()[1]).contains("per tenant"), (String) row.getFirst()[1]);
    }
    assertEquals(
        IsolatedTenantProfile.MAX_PER_TENANT,
        Db.count("select count(*) from memories where tenant = 'initech' and status = 'ACTIVE'"));
  }
}
