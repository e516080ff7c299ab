package dev.engram.console.memory;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.Wire;
import dev.engram.console.config.ConsoleConfig;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;

/** The memory list with its filters, one memory's page, and forgetting one after a confirmation. */
@Path("/memories")
@Produces(MediaType.TEXT_HTML)
class MemoryPages {

  static final List<String> CATEGORIES = List.of("PROFILE", "KNOWLEDGE", "EVENT", "DECISION");
  static final List<String> STATUSES = List.of("ACTIVE", "ARCHIVED", "SUPERSEDED", "QUARANTINED");
  static final List<String> SCOPES = List.of("GLOBAL", "AGENT", "CHAT");

  @CheckedTemplate(basePath = "memory")
  static class Templates {
    static native TemplateInstance list(
        Person person,
        MemoryFilters filters,
        Wire.MemoryPage page,
        String nextHref,
        Long forgotten);

    static native TemplateInstance memory(
        Person person,
        Wire.Memory memory,
        List<SourceTurn> sources,
        Attempt<Wire.Relations> relations,
        Attempt<Wire.AuditPage> audit);

    static native TemplateInstance forget(Person person, Wire.Memory memory);

    static native TemplateInstance supersede(Person person, Wire.Memory memory, String error);

    static native TemplateInstance edit(
        Person person, Wire.Memory memory, MemoryEditForm form, String error);
  }

  private final CaptureApi capture;
  private final SignedIn signedIn;
  private final int pageSize;

  MemoryPages(CaptureApi capture, SignedIn signedIn, ConsoleConfig config) {
    this.capture = capture;
    this.signedIn = signedIn;
    this.pageSize = config.pageSize();
  }

  @GET
  public TemplateInstance list(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("category") String category,
      @QueryParam("scope") String scope,
      @QueryParam("status") String status,
      @QueryParam("mode") String mode,
      @QueryParam("cursor") String cursor,
      @QueryParam("forgotten") Long forgotten) {
    MemoryFilters filters = MemoryFilters.of(agent, chat, category, scope, status, mode);
    Wire.MemoryPage page =
        capture.memories(
            signedIn.key(), filters.query().add("cursor", cursor).add("limit", pageSize));
    String next =
        page.nextCursor() == null
            ? null
            : "/memories" + filters.query().add("cursor", page.nextCursor());
    return Templates.list(signedIn.person(), filters, page, next, forgotten);
  }

  @GET
  @Path("/{id}")
  public TemplateInstance memory(@PathParam("id") long id) {
    String key = signedIn.key();
    Wire.Memory memory = capture.memory(key, id);
    return Templates.memory(
        signedIn.person(),
        memory,
        SourceTurn.of(capture, key, memory),
        Attempt.of(() -> capture.relations(key, id)),
        Attempt.of(() -> capture.audit(key, id)));
  }

  /** The confirmation step: what will be forgotten, and a button that posts it. */
  @GET
  @Path("/{id}/forget")
  public TemplateInstance confirmForget(@PathParam("id") long id) {
    return Templates.forget(signedIn.person(), capture.memory(signedIn.key(), id));
  }

  @POST
  @Path("/{id}/forget")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response forget(@PathParam("id") long id, @FormParam("csrf") String csrf) {
    signedIn.requireToken(csrf);
    capture.forget(signedIn.key(), id);
    return Response.seeOther(URI.create("/memories?forgotten=" + id)).build();
  }

  /** The form for a new text that replaces this memory (the old one stays, SUPERSEDED). */
  @GET
  @Path("/{id}/supersede")
  public TemplateInstance supersedeForm(@PathParam("id") long id) {
    return Templates.supersede(signedIn.person(), capture.memory(signedIn.key(), id), null);
  }

  @POST
  @Path("/{id}/supersede")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response supersede(
      @PathParam("id") long id,
      @FormParam("csrf") String csrf,
      @FormParam("text") String text,
      @FormParam("reason") String reason) {
    signedIn.requireToken(csrf);
    if (text == null || text.isBlank()) {
      Wire.Memory memory = capture.memory(signedIn.key(), id);
      return Response.status(400)
          .entity(Templates.supersede(signedIn.person(), memory, "Enter the new text."))
          .build();
    }
    Wire.Memory replacement =
        capture.supersede(
            signedIn.key(),
            id,
            new Wire.Supersede(
                text.strip(), reason == null || reason.isBlank() ? null : reason.strip()));
    return Response.seeOther(URI.create("/memories/" + replacement.id())).build();
  }

  /**
   * The form to edit a memory in place (capture's {@code PATCH}): text, category, confidence, sent
   * with the version the person saw.
   */
  @GET
  @Path("/{id}/edit")
  public TemplateInstance editForm(@PathParam("id") long id) {
    Wire.Memory memory = capture.memory(signedIn.key(), id);
    return Templates.edit(signedIn.person(), memory, MemoryEditForm.of(memory), null);
  }

  /**
   * Sends the edit; a memory changed meanwhile (409) or refused (400, 403) shows the form again
   * with capture's words, the person's values kept and the memory as it is now.
   */
  @POST
  @Path("/{id}/edit")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response edit(
      @PathParam("id") long id,
      @FormParam("csrf") String csrf,
      @FormParam("text") String text,
      @FormParam("category") String category,
      @FormParam("confidence") String confidence,
      @FormParam("version") long version) {
    signedIn.requireToken(csrf);
    MemoryEditForm form = new MemoryEditForm(text, category, confidence, version);
    String problem = form.problem();
    if (problem == null) {
      try {
        capture.edit(signedIn.key(), id, form.edit());
        return Response.seeOther(URI.create("/memories/" + id)).build();
      } catch (ServiceCallFailed e) {
        if (e.status() != 400 && e.status() != 403 && e.status() != 409) {
          throw e;
        }
        Wire.Memory now = capture.memory(signedIn.key(), id);
        String said = e.service() + " said: " + e.detail();
        return Response.status(e.status())
            .entity(Templates.edit(signedIn.person(), now, form.at(now.version()), said))
            .build();
      }
    }
    Wire.Memory memory = capture.memory(signedIn.key(), id);
    return Response.status(400)
        .entity(Templates.edit(signedIn.person(), memory, form, problem))
        .build();
  }
}
