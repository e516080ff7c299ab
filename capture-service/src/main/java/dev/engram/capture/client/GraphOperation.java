package dev.engram.capture.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * One operation of graph-service's internal graph API; the JSON shape is the contract between the
 * two services (docs/internal-apis.md). Exactly one of the payload fields is set, or tenant + id.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record GraphOperation(
    String op,
    Memory memory,
    Exchange exchange,
    Fact fact,
    Relation relation,
    Evidence evidence,
    String tenant,
    Long id) {

  public static GraphOperation upsert(Memory memory) {
    return new GraphOperation("upsert_memory", memory, null, null, null, null, null, null);
  }

  public static GraphOperation upsert(Exchange exchange) {
    return new GraphOperation("upsert_exchange", null, exchange, null, null, null, null, null);
  }

  public static GraphOperation upsert(Fact fact) {
    return new GraphOperation("upsert_fact", null, null, fact, null, null, null, null);
  }

  public static GraphOperation upsert(Relation relation) {
    return new GraphOperation("upsert_relation", null, null, null, relation, null, null, null);
  }

  public static GraphOperation evidence(Evidence evidence) {
    return new GraphOperation("belief_evidence", null, null, null, null, evidence, null, null);
  }

  public static GraphOperation deleteMemory(String tenant, long id) {
    return new GraphOperation("delete_memory", null, null, null, null, null, tenant, id);
  }

  public static GraphOperation deleteFact(String tenant, long id) {
    return new GraphOperation("delete_fact", null, null, null, null, null, tenant, id);
  }

  public static GraphOperation deleteRelation(String tenant, long id) {
    return new GraphOperation("delete_relation", null, null, null, null, null, tenant, id);
  }

  public static GraphOperation reset(String tenant) {
    return new GraphOperation("reset", null, null, null, null, null, tenant, null);
  }

  /** Characters of text this operation carries (to bound the size of one request). */
  public int textLength() {
    if (memory != null) {
      return memory.text().length();
    }
    if (exchange != null) {
      return exchange.text().length();
    }
    if (evidence != null) {
      return evidence.statement().length();
    }
    return fact == null ? 0 : fact.subject().length() + fact.object().length();
  }

  /** A memory node. */
  public record Memory(
      String tenant,
      long id,
      long version,
      String agent,
      String chat,
      String thread,
      String scope,
      String category,
      String status,
      String text,
      double confidence,
      Instant createdAt,
      List<Long> sourceExchangeIds,
      String mode) {}

  /** An exchange node. */
  public record Exchange(
      String tenant,
      long id,
      long version,
      String agent,
      String chat,
      String thread,
      String speaker,
      String text,
      Instant occurredAt,
      String mode) {}

  /** A bi-temporal fact. */
  public record Fact(
      String tenant,
      long id,
      long version,
      String agent,
      String chat,
      String scope,
      String subject,
      String predicate,
      String object,
      Instant validFrom,
      Instant validTo,
      Instant recordedAt,
      Instant invalidatedAt,
      double confidence,
      List<Long> sourceMemoryIds,
      String status) {}

  /** A typed link between two memories. */
  public record Relation(
      String tenant,
      long id,
      long version,
      long fromMemory,
      long toMemory,
      String type,
      double weight,
      Instant createdAt) {}

  /** Evidence for or against a memory's statement, revised into graph-service's beliefs. */
  public record Evidence(
      String tenant,
      String id,
      String statement,
      double strength,
      double confidence,
      String source,
      List<Long> memoryIds,
      Instant recordedAt) {}

  /** The request body. */
  public record Batch(List<GraphOperation> operations) {}

  /** The response body; fields a newer receiver adds are ignored, never a failure. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Result(int applied, int skipped) {}
}
