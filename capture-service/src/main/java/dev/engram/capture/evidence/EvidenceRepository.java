package dev.engram.capture.evidence;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;

/** The queries over {@code belief_evidence}. */
@ApplicationScoped
class EvidenceRepository implements PanacheRepositoryBase<BeliefEvidence, Long> {

  /** The tenant's evidence recorded under this key, or null. */
  Uni<BeliefEvidence> withKey(String tenant, String key) {
    return find("tenant = ?1 and evidenceKey = ?2", tenant, key).firstResult();
  }

  /** These rows, any tenant (callers already hold the ids of one tenant). */
  Uni<List<BeliefEvidence>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }
}
