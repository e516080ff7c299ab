package dev.engram.capture.exchange;

import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.jboss.resteasy.reactive.RestResponse;

/** The verbatim episodic log: append turns in batches, read a chat's trace. */
@Idempotent
@Path("/v1/exchanges")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class ExchangeResource {

  private final ExchangeService exchanges;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  ExchangeResource(ExchangeService exchanges, PageSize pageSize, SecurityIdentity identity) {
    this.exchanges = exchanges;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @POST
  public Uni<RestResponse<ExchangeRequests.Appended>> append(
      @Valid @NotNull ExchangeRequests.Append body) {
    return exchanges
        .append(Caller.of(identity), body)
        .map(result -> RestResponse.status(RestResponse.Status.CREATED, result));
  }

  @GET
  @Path("/{id}")
  public Uni<ExchangeView> get(@PathParam("id") long id) {
    return exchanges.get(Caller.of(identity), id);
  }

  @GET
  public Uni<ExchangeRequests.Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("thread") String thread,
      @QueryParam("session") String session,
      @QueryParam("from") String from,
      @QueryParam("to") String to,
      @QueryParam("limit") String limit,
      @QueryParam("cursor") String cursor) {
    if (agent == null || agent.isBlank()) {
      throw EngramException.invalid("agent", "NotBlank", "is required");
    }
    if (chat == null || chat.isBlank()) {
      throw EngramException.invalid("chat", "NotBlank", "is required");
    }
    ExchangeFilter filter =
        new ExchangeFilter(
            agent,
            chat,
            thread,
            session,
            QueryParams.instant("from", from),
            QueryParams.instant("to", to),
            ExchangeFilter.Cursor.decode(cursor),
            pageSize.of(QueryParams.intValue("limit", limit), 100));
    return exchanges.list(Caller.of(identity), filter);
  }
}
