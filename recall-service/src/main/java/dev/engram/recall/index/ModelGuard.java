package dev.engram.recall.index;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps vectors of two embedding models apart. Cosine similarity between vectors of different
 * models means nothing, so a tenant whose documents were embedded with another model than the
 * configured one is <em>stale</em>: searches in it and upserts into it are refused with {@code
 * reindex_required} (409) until the tenant is reset, which a reindex does first. Other tenants keep
 * working, and deletes and resets are always allowed, so the reindex itself can run. An empty index
 * simply adopts the configured model. Shared by every adapter, which reports the stale tenants it
 * finds when it opens.
 */
public final class ModelGuard {

  private final String modelId;
  private final Set<String> stale = ConcurrentHashMap.newKeySet();
  private volatile String staleModel;
  private volatile boolean allMustReset;

  public ModelGuard(String modelId) {
    this.modelId = modelId;
  }

  /** The model the service embeds with. */
  public String modelId() {
    return modelId;
  }

  /**
   * Replaces what the adapter found on opening: tenants with documents of {@code otherModel}. With
   * {@code allMustReset} (the old vectors have another length, or the index has an older schema,
   * which the store cannot hold next to the new one) nothing may be upserted until every stale
   * tenant is reset.
   */
  public void found(Set<String> tenants, String otherModel, boolean allMustReset) {
    stale.clear();
    stale.addAll(tenants);
    staleModel = tenants.isEmpty() ? null : otherModel;
    this.allMustReset = !tenants.isEmpty() && allMustReset;
  }

  /** Whether some tenant still holds vectors of another model. */
  public boolean mixed() {
    return !stale.isEmpty();
  }

  /** The model the index holds: the configured one once no stale tenant is left. */
  public String indexModel() {
    String other = staleModel;
    return stale.isEmpty() || other == null ? modelId : other;
  }

  /** Refuses a search in a stale tenant. */
  public void checkRead(String tenant) {
    if (!stale.isEmpty() && stale.contains(tenant)) {
      throw reindexRequired(tenant);
    }
  }

  /** Refuses a batch that would upsert into a stale tenant before resetting it. */
  public void checkWrite(List<IndexOperation> operations) {
    if (stale.isEmpty()) {
      return;
    }
    Set<String> pending = new HashSet<>(stale);
    for (IndexOperation op : operations) {
      switch (op) {
        case IndexOperation.Reset r -> pending.remove(r.tenant());
        case IndexOperation.Upsert u -> {
          String tenant = u.document().tenant();
          if (pending.contains(tenant) || (allMustReset && !pending.isEmpty())) {
            throw reindexRequired(tenant);
          }
        }
        case IndexOperation.Delete d -> {
          // removing an old vector mixes nothing
        }
      }
    }
  }

  /** Records a committed batch: the tenants it reset are clean now. */
  public void applied(List<IndexOperation> operations) {
    if (stale.isEmpty()) {
      return;
    }
    for (IndexOperation op : operations) {
      if (op instanceof IndexOperation.Reset r) {
        stale.remove(r.tenant());
      }
    }
  }

  /**
   * Why an export is refused while some tenant holds vectors of another model: a backup names one
   * model for all its vectors.
   */
  public EngramException exportRefused() {
    return new EngramException(
        RecallError.REINDEX_REQUIRED,
        stale.size()
            + " tenant(s) are indexed with embedding model "
            + indexModel()
            + ", but this service embeds with "
            + modelId
            + "; a backup holds vectors of one model. Rebuild with POST /v1/admin/reindex on"
            + " capture-service first (a backup of the record alone needs no vectors).",
        List.of(),
        Map.of("index_model", indexModel(), "model", modelId));
  }

  /** Facts for readiness: both models and how many tenants still need a reindex. */
  public Map<String, Object> describe() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("model", modelId);
    data.put("index_model", indexModel());
    data.put("reindex_required", mixed());
    if (mixed()) {
      data.put("stale_tenants", stale.size());
      data.put(
          "fix",
          "POST /v1/admin/reindex on capture-service for each tenant (or reset every tenant)");
    }
    return data;
  }

  private EngramException reindexRequired(String tenant) {
    return new EngramException(
        RecallError.REINDEX_REQUIRED,
        "Tenant "
            + tenant
            + " is indexed with embedding model "
            + indexModel()
            + ", but this service embeds with "
            + modelId
            + "; vectors of two models cannot be compared. Rebuild with POST /v1/admin/reindex on"
            + " capture-service (its reset clears the old vectors)"
            + (allMustReset
                ? "; the index schema changes too (vector length or field types), so every tenant"
                    + " must be reset before the first new document is written."
                : "."),
        List.of(),
        Map.of("index_model", indexModel(), "model", modelId, "tenant", tenant));
  }
}
