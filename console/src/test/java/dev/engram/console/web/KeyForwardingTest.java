package dev.engram.console.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.console.support.Browser;
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
  }

  private static void browse(Browser b) {
    for (String page :
        List.of(
            "/memories",
            "/memories/41",
            "/memories/41/forget",
            "/search?q=tea&agent=bot1",
            "/review",
            "/health")) {
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
    assertEquals(12, stub.received().size(), "every page's calls were seen");

    reset();
    browse(second);
    assertEquals(Set.of("Bearer " + TestKeys.OTHER_ADMIN), authorizations());
  }

  private Set<String> authorizations() {
    return stub.received().stream()
        .map(ServiceStub.Received::authorization)
        .collect(Collectors.toSet());
  }
}
