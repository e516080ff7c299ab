package dev.engram.graph.currentfacts;

import dev.engram.common.auth.Roles;
import dev.engram.graph.belief.BeliefService;
import dev.engram.graph.belief.BeliefsAbout;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The current-facts section of recall's context: the graph's valid facts about what is in play. */
@Path("/internal/v1/graph/facts/current")
@Tag(name = "internal")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class CurrentFactsResource {

  private final CurrentFactsService service;
  private final BeliefService beliefs;

  CurrentFactsResource(CurrentFactsService service, BeliefService beliefs) {
    this.service = service;
    this.beliefs = beliefs;
  }

  @POST
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Current facts about the entities a text names or a caller gives",
      description =
          "Within what (tenant, agent, chat) may see; never superseded or expired facts; best"
              + " first, at most limit, with how many more matched; with beliefs_limit, also"
              + " the beliefs about the same text and entities (as beliefs/about answers them).")
  public CurrentFactsResponse current(@NotNull @Valid CurrentFactsRequest request) {
    if (request.beliefsLimit() == null) {
      return service.find(request);
    }
    var about =
        new BeliefsAbout.Request(
            request.tenant(),
            request.text(),
            request.entities(),
            request.beliefsLimit(),
            request.mode());
    // side by side, as the two requests ran before they were one; if the pool has not started
    // the beliefs by the time the facts are read (all its threads busy, some of them waiting like
    // this one), this thread reads them itself, so a full pool slows the request but never stalls
    FutureTask<BeliefsAbout.Response> asked = new FutureTask<>(() -> beliefs.about(about));
    try {
      Infrastructure.getDefaultWorkerPool().execute(asked);
    } catch (RejectedExecutionException e) {
      // shutting down: read them here
    }
    CurrentFactsResponse found;
    try {
      found = service.find(request);
    } catch (RuntimeException | Error e) {
      // the request fails anyway: a beliefs read the pool has not started yet never runs
      asked.cancel(false);
      throw e;
    }
    asked.run(); // a no-op once the pool has started it
    try {
      return found.withBeliefs(asked.get().beliefs());
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while reading the beliefs", e);
    }
  }
}
