package dev.engram.console.conversation;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.Query;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.FormValues;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/** A chat's turns of one day (capture's day log), shown as the text it is. */
@Path("/conversations")
@Produces(MediaType.TEXT_HTML)
class DayLogPage {

  /** The day asked for; {@code date} as typed, so a wrong one is shown back to fix. */
  public record Day(String agent, String chat, String date) {

    /** The chat as the console's query string (for the link to its sessions). */
    public String query() {
      return Query.of().add("agent", agent).add("chat", chat).toString();
    }
  }

  @CheckedTemplate(basePath = "conversation")
  static class Templates {
    static native TemplateInstance dayLog(Person person, Day day, String log, String hint);
  }

  private final CaptureApi capture;
  private final SignedIn signedIn;

  DayLogPage(CaptureApi capture, SignedIn signedIn) {
    this.capture = capture;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance dayLog(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("date") String date) {
    Day day =
        new Day(FormValues.stripped(agent), FormValues.stripped(chat), FormValues.stripped(date));
    if (day.agent() == null && day.chat() == null && day.date() == null) {
      return Templates.dayLog(signedIn.person(), day, null, null);
    }
    if (day.agent() == null || day.chat() == null || day.date() == null) {
      return Templates.dayLog(
          signedIn.person(), day, null, "A day log needs an agent, a chat and a date.");
    }
    LocalDate parsed;
    try {
      parsed = LocalDate.parse(day.date());
    } catch (DateTimeParseException e) {
      return Templates.dayLog(signedIn.person(), day, null, "The date must look like 2026-11-28.");
    }
    String log = capture.dayLog(signedIn.key(), day.agent(), day.chat(), parsed);
    return Templates.dayLog(signedIn.person(), day, log, null);
  }
}
