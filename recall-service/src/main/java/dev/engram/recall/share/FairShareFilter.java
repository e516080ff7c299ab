package dev.engram.recall.share;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.ApiKey;
import dev.engram.common.auth.PresentedKeys;
import dev.engram.common.auth.Roles;
import dev.engram.common.web.RouteProblems;
import dev.engram.recall.config.FairShareConfig;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Refuses a recall, context or session start on the event loop, before its body is read, when its
 * key already has every turn of its {@link FairShare} taken. Measured under a flood of 30 KB
 * recalls, a refusal made after the body was read, parsed and validated cost several milliseconds
 * of CPU, so the refusals alone took the cores the other keys needed. The bulkhead still decides
 * for every call that passes (this check and the call are not atomic). The refusal is sent after
 * {@link FairShareConfig#refusalDelay()}: a flood that retries as soon as it is refused (a thousand
 * refusals a second, measured) then costs the suite a timer per connection and delay.
 */
@ApplicationScoped
class FairShareFilter {

  private static final Set<String> PATHS =
      Set.of("/v1/recall", "/v1/context", "/v1/sessions/start");

  private final ObjectMapper json;
  private final PresentedKeys keys;
  private final FairShare share;
  private final long delayMillis;

  FairShareFilter(ObjectMapper json, PresentedKeys keys, FairShare share, FairShareConfig config) {
    this.json = json;
    this.keys = keys;
    this.share = share;
    this.delayMillis = config.refusalDelay().toMillis();
  }

  void register(@Observes Filters filters) {
    // After the body rules, the size limit and the rate limit (MAX_VALUE .. MAX_VALUE - 2).
    filters.register(this::admit, Integer.MAX_VALUE - 3);
  }

  private void admit(RoutingContext rc) {
    if (rc.request().method() != HttpMethod.POST || !PATHS.contains(rc.normalizedPath())) {
      rc.next();
      return;
    }
    Optional<ApiKey> key = keys.of(rc.request());
    if (key.isPresent()
        && !key.get().roles().contains(Roles.INTERNAL)
        && share.full(key.get().id())) {
      FairShare.Refused refused = share.refusal();
      if (delayMillis <= 0) {
        refuse(rc, refused);
      } else {
        // A timer, not a thread: the refused caller waits, the suite does not.
        rc.vertx().setTimer(delayMillis, id -> refuse(rc, refused));
      }
      return;
    }
    rc.next();
  }

  private void refuse(RoutingContext rc, FairShare.Refused refused) {
    if (rc.response().ended() || rc.response().closed()) {
      return; // the caller went away while it waited
    }
    RouteProblems.end(rc, json, refused.error(), refused.getMessage(), Map.of("Retry-After", "1"));
  }
}
