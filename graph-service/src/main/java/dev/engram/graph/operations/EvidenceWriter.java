package dev.engram.graph.operations;

import dev.engram.graph.belief.BeliefService;
import dev.engram.graph.belief.NewEvidence;
import dev.engram.graph.operations.GraphOperationsRequest.EvidenceDoc;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Revises beliefs with the evidence capture-service emits ({@code belief_evidence}), in the batch's
 * transaction. A repeat of recorded evidence revises nothing and still counts as applied, like an
 * upsert of the stored version: the outcome is the same as the first delivery's.
 */
@ApplicationScoped
class EvidenceWriter {

  private final BeliefService beliefs;

  EvidenceWriter(BeliefService beliefs) {
    this.beliefs = beliefs;
  }

  void add(TenantBatch batch, List<EvidenceDoc> evidence) {
    for (EvidenceDoc doc : evidence) {
      beliefs.revise(
          batch.tx(),
          batch.tenant,
          new NewEvidence(
              doc.id(),
              doc.statement(),
              doc.strength(),
              doc.confidence(),
              doc.source(),
              doc.memoryIds(),
              doc.recordedAt()));
      batch.applied++;
    }
  }
}
