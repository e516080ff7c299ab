package dev.engram.console.note;

import dev.engram.console.client.NoteApi;
import dev.engram.console.client.Query;
import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.Wire;
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
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.Set;

/**
 * Notes at every level (capture's slots): a level's list, one note with its edit form, a new one,
 * deleting one after a confirmation. Every write carries the version the person saw, so a note
 * changed meanwhile is capture's 409, shown with the person's text kept; what the key may not write
 * (the tenant's notes for an agent key) is capture's refusal, in its words.
 */
@Path("/notes")
@Produces(MediaType.TEXT_HTML)
class NotePages {

  /** Refusals a person can act on from the form itself; anything else is the error page. */
  private static final Set<Integer> FORM_REFUSALS = Set.of(400, 403, 404, 409, 413, 422);

  @CheckedTemplate(basePath = "note")
  static class Templates {
    static native TemplateInstance list(
        Person person, NoteLevel level, Wire.NoteList notes, String hint, String deleted);

    static native TemplateInstance note(
        Person person, NoteLevel level, Wire.Note note, String draft, String error, boolean saved);

    static native TemplateInstance create(
        Person person, NoteLevel level, String name, String draft, String error);

    static native TemplateInstance delete(Person person, NoteLevel level, Wire.Note note);
  }

  private final NoteApi notes;
  private final SignedIn signedIn;

  NotePages(NoteApi notes, SignedIn signedIn) {
    this.notes = notes;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance list(
      @QueryParam("level") String level,
      @QueryParam("agent") String agent,
      @QueryParam("owner") String owner,
      @QueryParam("deleted") String deleted) {
    NoteLevel at = NoteLevel.of(level, agent, owner);
    if (at.missing() != null) {
      String hint = level == null && agent == null && owner == null ? null : at.missing();
      return Templates.list(signedIn.person(), at, null, hint, null);
    }
    Wire.NoteList list = notes.list(signedIn.key(), at.slotsPath());
    return Templates.list(signedIn.person(), at, list, null, FormValues.stripped(deleted));
  }

  @GET
  @Path("/note")
  public TemplateInstance note(
      @QueryParam("level") String level,
      @QueryParam("agent") String agent,
      @QueryParam("owner") String owner,
      @QueryParam("name") String name,
      @QueryParam("saved") boolean saved) {
    NoteLevel at = complete(level, agent, owner);
    Wire.Note note = notes.get(signedIn.key(), at.slotsPath(), required(name));
    return Templates.note(signedIn.person(), at, note, null, null, saved);
  }

  @GET
  @Path("/new")
  public TemplateInstance createForm(
      @QueryParam("level") String level,
      @QueryParam("agent") String agent,
      @QueryParam("owner") String owner) {
    return Templates.create(signedIn.person(), complete(level, agent, owner), null, null, null);
  }

  /** Creates ({@code version} 0) or overwrites the version the person saw. */
  @POST
  @Path("/save")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response save(
      @FormParam("csrf") String csrf,
      @FormParam("level") String level,
      @FormParam("agent") String agent,
      @FormParam("owner") String owner,
      @FormParam("name") String name,
      @FormParam("content") String content,
      @FormParam("version") long version) {
    signedIn.requireToken(csrf);
    NoteLevel at = complete(level, agent, owner);
    String text = content == null ? "" : content;
    String slot = FormValues.stripped(name);
    if (slot == null) {
      return Response.status(400)
          .entity(Templates.create(signedIn.person(), at, null, text, "Enter the note's name."))
          .build();
    }
    try {
      notes.put(signedIn.key(), at.slotsPath(), slot, text, version);
    } catch (ServiceCallFailed e) {
      if (!FORM_REFUSALS.contains(e.status())) {
        throw e;
      }
      return Response.status(e.status()).entity(again(at, slot, text, version, e)).build();
    }
    return Response.seeOther(URI.create("/notes/note" + at.query(slot) + "&saved=true")).build();
  }

  /**
   * The form again with the person's text and capture's words. After a conflict it shows what is
   * stored now, and saving again replaces that version; a note gone meanwhile is created anew.
   */
  private TemplateInstance again(
      NoteLevel at, String name, String text, long version, ServiceCallFailed e) {
    String error = e.service() + " said: " + e.detail();
    if (version == 0) {
      return Templates.create(signedIn.person(), at, name, text, error);
    }
    Wire.Note current;
    try {
      current = notes.get(signedIn.key(), at.slotsPath(), name);
    } catch (ServiceCallFailed gone) {
      return Templates.create(signedIn.person(), at, name, text, error);
    }
    return Templates.note(signedIn.person(), at, current, text, error, false);
  }

  /** The confirmation step: the note, and a button that deletes it. */
  @GET
  @Path("/delete")
  public TemplateInstance confirmDelete(
      @QueryParam("level") String level,
      @QueryParam("agent") String agent,
      @QueryParam("owner") String owner,
      @QueryParam("name") String name) {
    NoteLevel at = complete(level, agent, owner);
    return Templates.delete(
        signedIn.person(), at, notes.get(signedIn.key(), at.slotsPath(), required(name)));
  }

  @POST
  @Path("/delete")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  public Response delete(
      @FormParam("csrf") String csrf,
      @FormParam("level") String level,
      @FormParam("agent") String agent,
      @FormParam("owner") String owner,
      @FormParam("name") String name,
      @FormParam("version") long version) {
    signedIn.requireToken(csrf);
    NoteLevel at = complete(level, agent, owner);
    String slot = required(name);
    notes.delete(signedIn.key(), at.slotsPath(), slot, version);
    String deleted = Query.of().add("deleted", slot).toString().substring(1);
    return Response.seeOther(URI.create("/notes" + at.query() + "&" + deleted)).build();
  }

  /** A level with all it needs, else no such page: these are reached from the list's links. */
  private static NoteLevel complete(String level, String agent, String owner) {
    NoteLevel at = NoteLevel.of(level, agent, owner);
    if (at.missing() != null) {
      throw new NotFoundException(at.missing());
    }
    return at;
  }

  private static String required(String name) {
    String value = FormValues.stripped(name);
    if (value == null) {
      throw new NotFoundException("the address names no note");
    }
    return value;
  }
}
