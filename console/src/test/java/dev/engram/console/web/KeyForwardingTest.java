package dev.engram.console.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.console.support.Browser;
import dev.engram.console.support.GraphVaultFixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every call a page makes carries exactly the signed-in person's key, and nobody else's: not the
 * other person's, and not the internal key the test profile configures.
 */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class KeyForwardingTest {

  private ServiceStub stub;

  @BeforeEach
  void reset() {
    stub = StubbedServices.fresh();
    stub.everyPage().answer("DELETE /v1/memories/41", 204, "");
    stub.answer("GET /v1/reflector/runs", 200, "{\"items\":[],\"next_cursor\":null}");
    GraphVaultFixtures.everyPage(StubbedServices.graph(), StubbedServices.vault());
  }

  private static void browse(Browser b) {
    for (String page :
        List.of(
            "/memories",
            "/memories/41",
            "/memories/41/forget",
            "/search?q=tea&agent=bot1",
            "/review",
            "/health",
            "/graph",
            "/graph/entities/e-1",
            "/review/beliefs?statement=x")) {
      b.get(page).then().statusCode(200);
    }
    b.post("/memories/41/forget", b.csrf()).then().statusCode(303);
  }

  @Test
  void twoPeopleSignedInAtOnceEachActWithTheirOwnKey() {
    Browser first = Browser.signedInAs(TestKeys.ADMIN);
    Browser second = Browser.signedInAs(TestKeys.OTHER_ADMIN);

    reset();
    browse(first);
    assertEquals(Set.of("Bearer " + TestKeys.ADMIN), authorizations());
    assertEquals(15, stub.received().size(), "every page's calls were seen");
    assertEquals(7, StubbedServices.graph().received().size(), "and graph's");

    reset();
    browse(second);
    assertEquals(Set.of("Bearer " + TestKeys.OTHER_ADMIN), authorizations());
  }

  @Test
  void theOpsPagesCallVaultWithTheOpsKey() {
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    reset();
    for (String page : List.of("/ops", "/ops/jobs/job-7", "/ops/audit", "/health")) {
      ops.get(page).then().statusCode(200);
    }
    ops.post("/ops/backups", ops.csrf()).then().statusCode(303);
    assertEquals(5, StubbedServices.vault().received().size(), "every ops call was seen");
    assertEquals(Set.of("Bearer " + TestKeys.OPS), authorizations());
  }

  /** The notes, sessions and injection-record pages, and their writes. */
  private static void browseConversations(Browser b) {
    for (String page :
        List.of(
            "/notes?level=tenant",
            "/notes?level=chat&agent=bot1&owner=telegram:1",
            "/notes/note?level=tenant&name=rules",
            "/conversations/sessions?agent=bot1&chat=telegram:1",
            "/conversations/sessions/s1?agent=bot1",
            "/injections?agent=bot1&chat=telegram:1",
            "/injections/7",
            "/memories/41/edit")) {
      b.get(page).then().statusCode(200);
    }
    String csrf = b.csrf();
    b.post(
            "/notes/save",
            csrf,
            java.util.Map.of("level", "tenant", "name", "rules", "content", "x", "version", "2"))
        .then()
        .statusCode(303);
    b.post("/injections/7/delete", csrf).then().statusCode(303);
    b.post("/injections/delete?agent=bot1&chat=telegram:1", csrf).then().statusCode(303);
    b.post(
            "/memories/41/edit",
            csrf,
            java.util.Map.of("text", "x", "category", "EVENT", "confidence", "0.5", "version", "2"))
        .then()
        .statusCode(303);
  }

  @Test
  void theConversationNoteAndInjectionPagesActWithThePersonsKeyToo() {
    Browser first = Browser.signedInAs(TestKeys.ADMIN);
    Browser second = Browser.signedInAs(TestKeys.OTHER_ADMIN);
    for (var person :
        java.util.Map.of(first, TestKeys.ADMIN, second, TestKeys.OTHER_ADMIN).entrySet()) {
      reset();
      stub.answer("PUT /v1/tenant/slots/rules", 200, "{}")
          .answer("DELETE /v1/injections/7", 204, "")
          .answer("DELETE /v1/injections", 204, "")
          .answer("PATCH /v1/memories/41", 200, "{}");
      browseConversations(person.getKey());
      assertEquals(Set.of("Bearer " + person.getValue()), authorizations());
      // 3 notes pages, 2 for a chat's sessions (and its summaries), 3 for a session (its handoff
      // and checkpoint), 2 injection pages, 1 memory, 4 writes
      assertEquals(15, stub.received().size(), "every page's calls were seen");
    }
  }

  /**
   * The keys every service was called with; readiness ({@code /q/health/ready}) is asked with none
   * at all (HealthPageTest), so it is left out here.
   */
  private Set<String> authorizations() {
    return java.util.stream.Stream.of(stub, StubbedServices.graph(), StubbedServices.vault())
        .flatMap(s -> s.received().stream())
        .filter(r -> !r.path().startsWith("/q/health"))
        .map(ServiceStub.Received::authorization)
        .collect(Collectors.toSet());
  }
}
