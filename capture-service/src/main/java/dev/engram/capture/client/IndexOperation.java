package dev.engram.capture.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import dev.engram.contracts.index.IndexDocument;
import java.util.List;

/**
 * One operation of recall-service's internal index API ({@code upsert}, {@code delete} or {@code
 * reset}); the JSON shape is the contract between the two services. The document of an upsert is
 * the shared {@link IndexDocument} recall-service validates.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record IndexOperation(
    String op, IndexDocument document, String tenant, String kind, Long id, Long version) {

  public static IndexOperation upsert(IndexDocument document) {
    return new IndexOperation("upsert", document, null, null, null, null);
  }

  public static IndexOperation delete(String tenant, String kind, long id, long version) {
    return new IndexOperation("delete", null, tenant, kind, id, version);
  }

  public static IndexOperation reset(String tenant) {
    return new IndexOperation("reset", null, tenant, null, null, null);
  }

  /** The request body. */
  public record Batch(List<IndexOperation> operations) {}

  /** The response body; fields a newer receiver adds are ignored, never a failure. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Result(int applied, int skipped) {}
}
