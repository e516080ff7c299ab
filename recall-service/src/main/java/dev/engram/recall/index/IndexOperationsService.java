package dev.engram.recall.index;

import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Applies a batch from capture-service's outbox: checks every operation first (a bad one rejects
 * the whole batch, nothing applied), embeds the upserted texts, then hands the batch to the store,
 * which commits it before the answer goes back.
 */
@ApplicationScoped
class IndexOperationsService {

  private static final int MAX_REPORTED_VIOLATIONS = 20;

  private final IndexStore store;
  private final Embedder embedder;
  private final RecallConfig config;
  private final IndexMetrics metrics;

  IndexOperationsService(
      IndexStore store, Embedder embedder, RecallConfig config, IndexMetrics metrics) {
    this.store = store;
    this.embedder = embedder;
    this.config = config;
    this.metrics = metrics;
  }

  ApplyResult apply(List<IndexOperationsRequest.Operation> operations) {
    check(operations);
    List<String> texts = new ArrayList<>();
    for (IndexOperationsRequest.Operation op : operations) {
      if (op instanceof IndexOperationsRequest.Upsert u) {
        texts.add(u.document().text());
      }
    }
    Iterator<float[]> vectors = embedder.embed(texts).iterator();
    List<IndexOperation> batch = new ArrayList<>(operations.size());
    for (IndexOperationsRequest.Operation op : operations) {
      batch.add(
          switch (op) {
            case IndexOperationsRequest.Upsert u ->
                new IndexOperation.Upsert(u.document(), vectors.next());
            case IndexOperationsRequest.Delete d ->
                new IndexOperation.Delete(d.tenant(), d.kind(), d.id(), d.version());
            case IndexOperationsRequest.Reset r -> new IndexOperation.Reset(r.tenant());
          });
    }
    ApplyResult result = store.apply(batch);
    metrics.record(result);
    return result;
  }

  /** The rules Bean Validation cannot express: limits from config and fields that go together. */
  private void check(List<IndexOperationsRequest.Operation> operations) {
    if (operations.size() > config.maxOperationsPerBatch()) {
      throw EngramException.invalid(
          "operations",
          "max_items",
          "at most " + config.maxOperationsPerBatch() + " operations per batch; send smaller ones");
    }
    List<FieldViolation> violations = new ArrayList<>();
    for (int i = 0; i < operations.size(); i++) {
      if (operations.get(i) instanceof IndexOperationsRequest.Upsert u) {
        DocumentRules.check(
            u.document(), config.maxTextBytes(), "operations[" + i + "].document.", violations);
      }
    }
    if (!violations.isEmpty()) {
      List<FieldViolation> shown =
          violations.subList(0, Math.min(violations.size(), MAX_REPORTED_VIOLATIONS));
      String detail =
          String.join("; ", shown.stream().map(v -> v.field() + ": " + v.message()).toList());
      throw new EngramException(CommonError.VALIDATION_FAILED, detail, shown, Map.of());
    }
  }
}
