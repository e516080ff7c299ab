package dev.engram.graph.factsearch;

import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import dev.engram.graph.fact.FactView;
import dev.engram.graph.scope.Limits;
import dev.engram.graph.scope.Visibility;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Fact search by subject, predicate, object and a world-time window. */
@Path("/v1/facts")
@Tag(name = "facts")
@Produces(MediaType.APPLICATION_JSON)
public class FactResource {

  private static final int DEFAULT_LIMIT = 100;
  private static final int MAX_LIMIT = 1000;

  private final SecurityIdentity identity;
  private final FactSearch facts;

  FactResource(SecurityIdentity identity, FactSearch facts) {
    this.identity = identity;
    this.facts = facts;
  }

  /** The matching facts, in valid-time order. */
  public record FactPage(List<FactView> facts) {}

  @GET
  @RolesAllowed({Roles.AGENT, Roles.ADMIN})
  @Operation(
      summary = "Facts by subject, predicate, object and time window",
      description =
          "subject and object are entity names, aliases or ids. from/to select the facts valid at"
              + " some point in [from, to) (world time); current=true|false filters on system"
              + " time.")
  public FactPage search(
      @QueryParam("subject") String subject,
      @QueryParam("predicate") String predicate,
      @QueryParam("object") String object,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("current") String current,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("mode") String mode,
      @QueryParam("limit") String limit) {
    Visibility visibility = Visibility.of(Caller.of(identity).tenant(), agent, chat, mode);
    Instant fromTime = QueryParams.instant("from", from);
    Instant toTime = QueryParams.instant("to", to);
    if (fromTime != null && toTime != null && !toTime.isAfter(fromTime)) {
      throw EngramException.invalid("to", "order", "must be after from");
    }
    FactSearch.Criteria criteria =
        new FactSearch.Criteria(
            blankToNull(subject),
            blankToNull(predicate),
            blankToNull(object),
            fromTime,
            toTime,
            bool("current", current),
            Limits.limit("limit", limit, DEFAULT_LIMIT, MAX_LIMIT));
    return new FactPage(facts.search(visibility, criteria));
  }

  private static Boolean bool(String name, String value) {
    if (value == null || value.isBlank()) {
      return null;
    }
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw EngramException.invalid(name, "boolean", "must be true or false");
    };
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
