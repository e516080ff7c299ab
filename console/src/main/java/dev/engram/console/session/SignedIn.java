package dev.engram.console.session;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.ForbiddenException;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.UriInfo;

/** The session of the current request, set by {@link SessionFilter} before any page runs. */
@RequestScoped
public class SignedIn {

  @Inject SessionStore sessions;

  private ConsoleSession session;

  void set(ConsoleSession session) {
    this.session = session;
  }

  /** The signed-in person's key, for calls on their behalf. Never put it into a page. */
  public String key() {
    return session().key();
  }

  /** Who is signed in, for the pages. */
  public Person person() {
    return Person.of(session());
  }

  /**
   * Refuses (403) a state-changing request whose form did not carry this session's token; call it
   * first in every POST, before anything is changed.
   */
  public void requireToken(String presented) {
    if (!session().tokenMatches(presented)) {
      throw new ForbiddenException("the form's token is missing or out of date");
    }
  }

  ConsoleSession session() {
    if (session == null) {
      throw new IllegalStateException("no session: the page lacks a session check");
    }
    return session;
  }

  /**
   * Ends this request's session, if it has one (a service no longer accepts its key): answers the
   * expired cookie to send, or null when there was no session.
   */
  public NewCookie endSession(UriInfo uri) {
    if (session == null) {
      return null;
    }
    sessions.close(session);
    session = null;
    return SessionCookie.expired(uri);
  }
}
