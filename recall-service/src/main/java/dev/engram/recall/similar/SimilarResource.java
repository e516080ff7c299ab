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
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The nearest documents to a text by cosine, within what (tenant, agent, chat) may see, ACTIVE
 * only: capture-service asks before it stores an extracted memory, to skip or merge duplicates, and
 * for each new memory to link it to its nearest ones (a batch per pass).
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
    checkSize(r, "text");
    return nearest(r, embedder.embed(r.text()));
  }

  @POST
  @Path("/batch")
  @Blocking
  @RolesAllowed(Roles.INTERNAL)
  @Operation(
      summary = "Nearest documents by cosine for several texts (automatic relations)",
      description =
          "Each request answered exactly as POST /internal/v1/similar would, in request order;"
              + " the texts are embedded in one model call.")
  public SimilarBatchResponse similarBatch(@NotNull @Valid SimilarBatchRequest batch) {
    List<SimilarRequest> requests = batch.requests();
    for (int i = 0; i < requests.size(); i++) {
      checkSize(requests.get(i), "requests[" + i + "].text");
    }
    List<float[]> vectors = embedder.embed(requests.stream().map(SimilarRequest::text).toList());
    List<SimilarResponse> results = new ArrayList<>(requests.size());
    for (int i = 0; i < requests.size(); i++) {
      results.add(nearest(requests.get(i), vectors.get(i)));
    }
    return new SimilarBatchResponse(results);
  }

  private void checkSize(SimilarRequest r, String field) {
    int bytes = r.text().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxTextBytes) {
      throw EngramException.invalid(field, "max_bytes", "at most " + maxTextBytes + " bytes");
    }
  }

  private SimilarResponse nearest(SimilarRequest r, float[] vector) {
    Set<DocKind> kinds = r.kinds() == null ? Set.of(DocKind.MEMORY) : r.kinds();
    var visibility = Visibility.of(r.tenant(), r.agent(), r.chat(), kinds, Instant.now());
    double min = r.minScore() == null ? 0.0 : r.minScore();
    var hits = store.dense(vector, visibility, r.k() == null ? 5 : r.k());
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
