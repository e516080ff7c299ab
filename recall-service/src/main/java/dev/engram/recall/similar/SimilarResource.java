package dev.engram.recall.similar;

import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.EmbeddingModel;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.Visibility;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The nearest documents to a text by cosine, within what (tenant, agent, chat) may see, ACTIVE
 * only: capture-service asks before it stores an extracted memory, to skip or merge duplicates.
 */
@Path("/internal/v1/similar")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class SimilarResource {

  private final IndexStore store;
  private final EmbeddingModel embedder;
  private final int maxTextBytes;

  SimilarResource(IndexStore store, EmbeddingModel embedder, RecallConfig config) {
    this.store = store;
    this.embedder = embedder;
    this.maxTextBytes = config.maxTextBytes();
  }

  @POST
  @Blocking
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Nearest documents by cosine (semantic dedup)",
      description = "Dense search only, ACTIVE documents visible to (tenant, agent, chat).")
  public SimilarResponse similar(@NotNull @Valid SimilarRequest r) {
    int bytes = r.text().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxTextBytes) {
      throw EngramException.invalid("text", "max_bytes", "at most " + maxTextBytes + " bytes");
    }
    Set<DocKind> kinds = r.kinds() == null ? Set.of(DocKind.MEMORY) : r.kinds();
    var visibility = new Visibility(r.tenant(), r.agent(), r.chat(), kinds, Instant.now());
    double min = r.minScore() == null ? 0.0 : r.minScore();
    var hits = store.dense(embedder.embed(r.text()), visibility, r.k() == null ? 5 : r.k());
    return new SimilarResponse(
        hits.stream()
            .filter(h -> h.score() >= min)
            .map(
                h ->
                    new SimilarResponse.Item(
                        h.document().id(), h.document().kind(), h.score(), h.document().text()))
            .toList());
  }
}
