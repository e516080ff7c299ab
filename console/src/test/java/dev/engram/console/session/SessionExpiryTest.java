package dev.engram.console.session;

import static org.hamcrest.Matchers.endsWith;

import dev.engram.console.support.Browser;
import dev.engram.console.support.MovableClock;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Sessions end after engram.console.session-idle (30 min by default) without a request. */
@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class SessionExpiryTest {

  @Inject MovableClock clock;

  @BeforeEach
  void reset() {
    StubbedServices.fresh();
  }

  @Test
  void anIdleSessionEnds() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    browser.get("/search").then().statusCode(200);

    clock.advance(Duration.ofMinutes(30).plusSeconds(1));

    browser.get("/search").then().statusCode(303).header("Location", endsWith("/sign-in"));
  }

  @Test
  void everyRequestKeepsItAlive() {
    Browser browser = Browser.signedInAs(TestKeys.ADMIN);
    for (int i = 0; i < 3; i++) {
      clock.advance(Duration.ofMinutes(29));
      browser.get("/search").then().statusCode(200);
    }
  }
}
