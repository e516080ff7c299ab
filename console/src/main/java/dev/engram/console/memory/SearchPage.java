package dev.engram.console.memory;

import dev.engram.console.client.RecallApi;
import dev.engram.console.client.Wire;
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

/**
 * Search with recall-service: each hit with its fused score and the signals that found it (rank and
 * raw score of each), as {@code ./engram demo} prints them.
 */
@Path("/search")
@Produces(MediaType.TEXT_HTML)
class SearchPage {

  /** What recall answers at most for one search from the console. */
  static final int MAX_K = 50;

  /** The search as the person typed it. */
  public record Search(String agent, String chat, String q, int k) {}

  @CheckedTemplate(basePath = "memory")
  static class Templates {
    static native TemplateInstance search(
        Person person, Search search, Wire.RecallAnswer answer, String hint);
  }

  private final RecallApi recall;
  private final SignedIn signedIn;

  SearchPage(RecallApi recall, SignedIn signedIn) {
    this.recall = recall;
    this.signedIn = signedIn;
  }

  @GET
  public TemplateInstance search(
      @QueryParam("agent") String agent,
      @QueryParam("chat") String chat,
      @QueryParam("q") String q,
      @QueryParam("k") Integer k) {
    Search search =
        new Search(
            FormValues.stripped(agent),
            FormValues.stripped(chat),
            FormValues.stripped(q),
            k == null ? 10 : Math.clamp(k, 1, MAX_K));
    if (search.q() == null) {
      return Templates.search(signedIn.person(), search, null, null);
    }
    if (search.agent() == null) {
      return Templates.search(
          signedIn.person(), search, null, "Recall looks inside one agent: name the agent.");
    }
    Wire.RecallAnswer answer =
        recall.recall(signedIn.key(), search.agent(), search.chat(), search.q(), search.k());
    return Templates.search(signedIn.person(), search, answer, null);
  }
}
