package dev.engram.console.web;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.GraphVaultFixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Every state-changing form needs the session's token: without it nothing reaches a service. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class CsrfTest {

  /** Every POST of the console but sign-in (which has no session yet). */
  static final List<String> FORMS =
      List.of(
          "/memories/41/forget",
          "/review/quarantine/memory/55/release",
          "/review/quarantine/memory/55/delete",
          "/review/promotions/9/approve",
          "/review/promotions/9/reject",
          "/injections/7/delete?agent=bot1&chat=telegram:1",
          "/injections/delete?agent=bot1&chat=telegram:1",
          "/sign-out");

  /** The forms above and those that need more than the token to do their work. */
  static List<String> refusable() {
    return Stream.concat(
            FORMS.stream(),
            Stream.of(
                "/memories/41/supersede",
                "/review/beliefs/evidence",
                "/memories/41/edit",
                "/notes/save",
                "/notes/delete"))
        .toList();
  }

  /** The ops forms: only an ops key of tenant * reaches them. */
  static final List<String> OPS_FORMS =
      List.of("/ops/backups", "/ops/backups/engram-20261128T100000Z/verify", "/ops/audit");

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
    stub.answer("DELETE /v1/memories/41", 204, "")
        .answer("POST /v1/quarantine/memory/55/release", 200, "{}")
        .answer("DELETE /v1/quarantine/memory/55", 204, "")
        .answer("POST /v1/promotions/9/approve", 200, "{}")
        .answer("POST /v1/promotions/9/reject", 200, "{}")
        .answer("DELETE /v1/injections/7", 204, "")
        .answer("DELETE /v1/injections", 204, "");
  }

  @Test
  void aFormWithoutItsTokenIsRefusedAndChangesNothing() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    String other = Browser.signedInAs(TestKeys.ADMIN).csrf();
    for (String form : refusable()) {
      assertEquals(403, browser.post(form, null).statusCode(), form + " without a token");
      assertEquals(403, browser.post(form, "").statusCode(), form + " with an empty token");
      assertEquals(403, browser.post(form, "x" + browser.csrf()).statusCode(), form + " wrong");
      assertEquals(403, browser.post(form, other).statusCode(), form + " another session's");
    }
    assertEquals(List.of(), stub.writes());
    browser.get("/search").then().statusCode(200); // still signed in: sign-out was refused too
  }

  @Test
  void withItsTokenEachFormDoesItsWork() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    String csrf = browser.csrf();
    for (String form : FORMS) {
      assertEquals(303, browser.post(form, csrf).statusCode(), form);
    }
    List<String> writes = stub.writes().stream().map(w -> w.method() + " " + w.path()).toList();
    assertEquals(
        List.of(
            "DELETE /v1/memories/41",
            "POST /v1/quarantine/memory/55/release",
            "DELETE /v1/quarantine/memory/55",
            "POST /v1/promotions/9/approve",
            "POST /v1/promotions/9/reject",
            "DELETE /v1/injections/7",
            "DELETE /v1/injections"),
        writes);
    assertTrue(
        stub.writes().stream()
            .allMatch(w -> ("Bearer " + TestKeys.ADMIN).equals(w.authorization())));
  }

  @Test
  void aPostFromAnotherSitesPageIsRefusedEvenWithTheToken() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    String csrf = browser.csrf();
    reset();
    for (String origin : List.of("https://evil.example", "null")) {
      given()
          .redirects()
          .follow(false)
          .header("Origin", origin)
          .formParam("key", TestKeys.ADMIN)
          .post("/sign-in")
          .then()
          .statusCode(403);
      given()
          .redirects()
          .follow(false)
          .header("Origin", origin)
          .cookie("engram_session", browser.session())
          .formParam("csrf", csrf)
          .post("/memories/41/forget")
          .then()
          .statusCode(403);
    }
    assertEquals(List.of(), stub.received());

    given()
        .redirects()
        .follow(false)
        .header("Origin", "http://localhost:" + RestAssured.port)
        .cookie("engram_session", browser.session())
        .formParam("csrf", csrf)
        .post("/memories/41/forget")
        .then()
        .statusCode(303);
    assertEquals(1, stub.writes().size());
  }

  @Test
  void theBeliefVerdictNeedsItsTokenToo() {
    GraphVaultFixtures.everyPage(StubbedServices.graph(), StubbedServices.vault());
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    Map<String, String> verdict = Map.of("statement", "Alice lives in Berlin", "verdict", "true");
    assertEquals(
        403, browser.post("/review/beliefs/evidence", "wrong", verdict).statusCode(), "wrong");
    assertEquals(List.of(), StubbedServices.graph().writes());
    assertEquals(
        303, browser.post("/review/beliefs/evidence", browser.csrf(), verdict).statusCode());
    assertEquals(1, StubbedServices.graph().writes().size());
  }

  @Test
  void theOpsFormsWithoutTheirTokenChangeNothingAndWithItDoTheirWork() {
    ServiceStub vault = StubbedServices.vault();
    GraphVaultFixtures.everyPage(StubbedServices.graph(), vault);
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    String other = Browser.signedInAs(TestKeys.OPS).csrf();
    for (String form : OPS_FORMS) {
      assertEquals(403, ops.post(form, null).statusCode(), form + " without a token");
      assertEquals(403, ops.post(form, "").statusCode(), form + " with an empty token");
      assertEquals(403, ops.post(form, other).statusCode(), form + " another session's");
    }
    assertEquals(List.of(), vault.writes());
    String csrf = ops.csrf();
    for (String form : OPS_FORMS) {
      assertEquals(303, ops.post(form, csrf).statusCode(), form);
    }
    assertEquals(
        List.of(
            "POST /v1/backups",
            "POST /v1/backups/engram-20261128T100000Z/verify",
            "POST /v1/audit"),
        vault.writes().stream().map(w -> w.method() + " " + w.path()).toList());
    assertTrue(
        vault.writes().stream()
            .allMatch(w -> ("Bearer " + TestKeys.OPS).equals(w.authorization())));
  }
}
