package dev.engram.capture.injection;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.idempotency.Idempotent;
import dev.engram.capture.paging.PageSize;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.jboss.resteasy.reactive.RestResponse;

/**
 * What each agent was told: the injection records of the caller's tenant, listed per agent (and
 * chat), opened, deleted one by one or a chat at a time. Agent and admin keys, as for the chat's
 * exchanges; another tenant's record is a 404.
 */
@Idempotent
@Path("/v1/injections")
@RolesAllowed({Roles.AGENT, Roles.ADMIN})
class InjectionResource {

  private final InjectionRecords records;
  private final PageSize pageSize;
  private final SecurityIdentity identity;

  InjectionResource(InjectionRecords records, PageSize pageSize, SecurityIdentity identity) {
    this.records = records;
    this.pageSize = pageSize;
    this.identity = identity;
  }

  @GET
  public Uni<InjectionViews.Page> list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("cursor") String cursor,
      @QueryParam("limit") String limit) {
    required("agent", agent);
    return records.list(
        Caller.of(identity).tenant(),
        agent,
        chat == null || chat.isBlank() ? null : chat,
        cursor,
        pageSize.of(QueryParams.intValue("limit", limit), 50));
  }

  @GET
  @Path("/{id}")
  public Uni<ObjectNode> get(@PathParam("id") long id) {
    return records.get(Caller.of(identity).tenant(), id);
  }

  @DELETE
  @Path("/{id}")
  public Uni<RestResponse<Void>> delete(@PathParam("id") long id) {
    return records
        .delete(Caller.of(identity).tenant(), id)
        .map(ignored -> RestResponse.noContent());
  }

  /** Deletes a chat's records: what "deleting the chat" removes of them. */
  @DELETE
  public Uni<RestResponse<Void>> deleteChat(
      @QueryParam("agent") String agent, @QueryParam("chat") String chat) {
    required("agent", agent);
    required("chat", chat);
    return records
        .deleteChat(Caller.of(identity).tenant(), agent, chat)
        .map(ignored -> RestResponse.noContent());
  }

  private static void required(String name, String value) {
    if (value == null || value.isBlank()) {
      throw EngramException.invalid(name, "NotBlank", "is required");
    }
  }
}
