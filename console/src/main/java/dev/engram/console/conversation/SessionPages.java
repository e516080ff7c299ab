package dev.engram.console.conversation;

import dev.engram.console.client.ConversationApi;
import dev.engram.console.client.NoteApi;
import dev.engram.console.client.Paths;
import dev.engram.console.client.Query;
import dev.engram.console.client.ServiceCallFailed;
import dev.engram.console.client.Wire;
import dev.engram.console.config.ConsoleConfig;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import dev.engram.console.web.FormValues;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/**
 * A chat's sessions (newest first, with their summaries) and the chat's day, week and month
 * summaries; one session's page with the handoff and the latest checkpoint its thread (else chat)
 * holds. Nothing is asked until an agent and a chat are given.
 */
@Path("/conversations/sessions")
@Produces(MediaType.TEXT_HTML)
class SessionPages {

  /** The chat asked for, as typed. */
  public record Chat(String agent, String chat) {

    /** The console's query string of this chat (for links). */
    public String query() {
      return Query.of().add("agent", agent).add("chat", chat).toString();
    }

    /** The address of the chat's notes page. */
    public String notesHref() {
      return "/notes" + Query.of().add("level", "chat").add("agent", agent).add("owner", chat);
    }

    /** The address of one of its sessions' page. */
    public String sessionHref(String session) {
      return "/conversations/sessions/" + Paths.segment(session) + Query.of().add("agent", agent);
    }
  }

  /** A note the session's page shows (handoff, checkpoint): where it is kept, and its text. */
  public record Kept(String where, Wire.Note note, String message) {}

  @CheckedTemplate(basePath = "conversation")
  static class Templates {
    static native TemplateInstance sessions(
        Person person,
        Chat chat,
        Wire.SessionPage page,
        Attempt<Wire.MemoryPage> summaries,
        String nextHref,
        String hint);

    static native TemplateInstance session(
        Person person, Wire.Session session, Chat chat, Kept handoff, Kept checkpoint);
  }

  private final ConversationApi conversations;
  private final NoteApi notes;
  private final SignedIn signedIn;
  private final int pageSize;

  SessionPages(
      ConversationApi conversations, NoteApi notes, SignedIn signedIn, ConsoleConfig config) {
    this.conversations = conversations;
    this.notes = notes;
    this.signedIn = signedIn;
    this.pageSize = config.pageSize();
  }

  @GET
  public TemplateInstance sessions(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("cursor") String cursor) {
    Chat at = new Chat(FormValues.stripped(agent), FormValues.stripped(chat));
    if (at.agent() == null || at.chat() == null) {
      String hint =
          at.agent() == null && at.chat() == null ? null : "Sessions need an agent and a chat.";
      return Templates.sessions(signedIn.person(), at, null, null, null, hint);
    }
    String key = signedIn.key();
    Wire.SessionPage page =
        conversations.sessions(key, at.agent(), at.chat(), FormValues.stripped(cursor), pageSize);
    String next =
        page.nextCursor() == null
            ? null
            : "/conversations/sessions"
                + Query.of()
                    .add("agent", at.agent())
                    .add("chat", at.chat())
                    .add("cursor", page.nextCursor());
    Attempt<Wire.MemoryPage> summaries =
        Attempt.of(() -> conversations.summaries(key, at.agent(), at.chat()));
    return Templates.sessions(signedIn.person(), at, page, summaries, next, null);
  }

  @GET
  @Path("/{id}")
  public TemplateInstance session(@PathParam("id") String id, @QueryParam("agent") String agent) {
    String who = FormValues.stripped(agent);
    if (who == null) {
      throw new NotFoundException("a session is named with its agent");
    }
    String key = signedIn.key();
    Wire.Session s = conversations.session(key, who, id);
    return Templates.session(
        signedIn.person(),
        s,
        new Chat(s.agent(), s.chat()),
        kept(key, s, "handoff", false),
        kept(key, s, "checkpoint", true));
  }

  /**
   * The session's thread's note {@code name}, else its chat's (else, for a checkpoint, the
   * session's own): where capture writes the handoff and the checkpoint.
   */
  private Kept kept(String key, Wire.Session s, String name, boolean sessionToo) {
    String base = "/v1/agents/" + Paths.segment(s.agent());
    String where;
    String path;
    if (s.thread() != null) {
      where = "thread " + s.thread();
      path = base + "/threads/" + Paths.segment(s.thread()) + "/slots";
    } else if (s.chat() != null) {
      where = "chat " + s.chat();
      path = base + "/chats/" + Paths.segment(s.chat()) + "/slots";
    } else if (sessionToo) {
      where = "session " + s.session();
      path = base + "/sessions/" + Paths.segment(s.session()) + "/slots";
    } else {
      return new Kept(null, null, "The session has no thread or chat to keep a handoff in.");
    }
    try {
      return new Kept(where, notes.get(key, path, name), null);
    } catch (ServiceCallFailed e) {
      String message =
          e.status() == 404
              ? "None written yet for " + where + "."
              : e.service() + ": " + e.detail();
      return new Kept(where, null, message);
    }
  }
}
