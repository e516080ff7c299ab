package dev.engram.capture.keys;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class KeyResourceTest {

  @Test
  void aKeyLearnsItsOwnIdTenantAndRoles() {
    Api.as(TestKeys.ADMIN)
        .get("/v1/keys/me")
        .then()
        .statusCode(200)
        .body("key_id", equalTo("admin"))
        .body("tenant", equalTo("acme"))
        .body("roles", contains("admin", "agent"))
        .body(not(containsString("sha256")));
    Api.as(TestKeys.AGENT)
        .get("/v1/keys/me")
        .then()
        .statusCode(200)
        .body("key_id", equalTo("agent"))
        .body("roles", contains("agent"));
    Api.as(TestKeys.SUITE_OPS)
        .get("/v1/keys/me")
        .then()
        .statusCode(200)
        .body("tenant", equalTo("*"))
        .body("roles", contains("ops"));
  }

  @Test
  void anUnknownKeyOrNoneIsRefused() {
    Api.as("not-a-configured-key").get("/v1/keys/me").then().statusCode(401);
    given().get("/v1/keys/me").then().statusCode(401);
  }

  @Test
  void anotherServicesKeyIsNotAPerson() {
    Api.as(TestKeys.INTERNAL).get("/v1/keys/me").then().statusCode(403);
  }
}
