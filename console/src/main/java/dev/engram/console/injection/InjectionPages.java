package dev.engram.console.injection;

import dev.engram.console.client.InjectionApi;
import dev.engram.console.client.Query;
import dev.engram.console.client.Wire;
import dev.engram.console.config.ConsoleConfig;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.FormValues;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;

/**
 * What the agent was told: the injection records each {@code context} and {@code session_start}
 * answer left (capture-service), listed per chat newest first, one opened with its sections and
 * items, what was left out and the sources skipped; deleting one, or all of a chat's, after a
 * confirmation.
 */
@Path("/injections")
@Produces(MediaType.TEXT_HTML)
class InjectionPages {

  /** The chat asked for, as typed; {@code chat} may be left out (all of the agent's). */
  public record Chat(String agent, String chat) {

    static Chat of(String agent, String chat) {
      return new Chat(FormValues.stripped(agent), FormValues.stripped(chat));
    }

    /** The console's query string of this chat. */
    public String query() {
      return Query.of().add("agent", agent).add("chat", chat).toString();
    }
  }

  @CheckedTemplate(basePath = "injection")
  static class Templates {
    static native TemplateInstance list(
        Person person, Chat chat, Wire.InjectionPage page, String nextHref, String done);

    static native TemplateInstance injection(Person person, Wire.Injection injection, Chat chat);

    static native TemplateInstance deleteOne(Person person, Wire.Injection injection, Chat chat);

    static native TemplateInstance deleteChat(Person person, Chat chat);
  }

  private final InjectionApi injections;
  private final SignedIn signedIn;
  private final int pageSize;

  InjectionPages(InjectionApi injections, SignedIn signedIn, ConsoleConfig config) {
    this.injections = injections;
    this.signedIn = signedIn;
    this.pageSize = config.pageSize();
  }

  /** Nothing is asked until an agent is given. */
  @GET
  public TemplateInstance list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("cursor") String cursor,
      @QueryParam("deleted") Long deleted,
      @QueryParam("cleared") boolean cleared) {
    Chat at = Chat.of(agent, chat);
    String done =
        cleared
            ? "The chat's records were deleted."
            : deleted == null ? null : "Record " + deleted + " was deleted.";
    if (at.agent() == null) {
      return Templates.list(signedIn.person(), at, null, null, done);
    }
    Wire.InjectionPage page =
        injections.list(
            signedIn.key(), at.agent(), at.chat(), FormValues.stripped(cursor), pageSize);
    String next =
        page.nextCursor() == null
            ? null
            : "/injections"
                + Query.of()
                    .add("agent", at.agent())
                    .add("chat", at.chat())
                    .add("cursor", page.nextCursor());
    return Templates.list(signedIn.person(), at, page, next, done);
  }

  @GET
  @Path("/{id}")
  public TemplateInstance injection(@PathParam("id") long id) {
    Wire.Injection record = injections.get(signedIn.key(), id);
    return Templates.injection(signedIn.person(), record, Chat.of(record.agent(), record.chat()));
  }

  @GET
  @Path("/{id}/delete")
  public TemplateInstance confirmDeleteOne(@PathParam("id") long id) {
    Wire.Injection record = injections.get(signedIn.key(), id);
    return Templates.deleteOne(signedIn.person(), record, Chat.of(record.agent(), record.chat()));
  }

  /** Deletes one record; back to its chat's list (agent and chat from the form's address). */
  @POST
  @Path("/{id}/delete")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response deleteOne(
      @PathParam("id") long id,
      @FormParam("csrf") String csrf,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat) {
    signedIn.requireToken(csrf);
    injections.delete(signedIn.key(), id);
    Chat at = Chat.of(agent, chat);
    String back = at.query().isEmpty() ? "?deleted=" + id : at.query() + "&deleted=" + id;
    return Response.seeOther(URI.create("/injections" + back)).build();
  }

  @GET
  @Path("/delete")
  public TemplateInstance confirmDeleteChat(
      @QueryParam("agent") String agent, @QueryParam("chat") String chat) {
    return Templates.deleteChat(signedIn.person(), wholeChat(agent, chat));
  }

  /** Deletes every record of the agent's chat. */
  @POST
  @Path("/delete")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response deleteChat(
      @FormParam("csrf") String csrf,
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat) {
    signedIn.requireToken(csrf);
    Chat at = wholeChat(agent, chat);
    injections.deleteChat(signedIn.key(), at.agent(), at.chat());
    return Response.seeOther(URI.create("/injections" + at.query() + "&cleared=true")).build();
  }

  private static Chat wholeChat(String agent, String chat) {
    Chat at = Chat.of(agent, chat);
    if (at.agent() == null || at.chat() == null) {
      throw new NotFoundException("a chat's records are named with the agent and the chat");
    }
    return at;
  }
}
