package dev.engram.recall.index.qdrant;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.ImportSource;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.ModelGuard;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.PointStruct;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One import into Qdrant, in batches of {@code batchSize} points: the stored versions of a batch
 * are looked up in one call, the newer documents upserted in one call. {@code replace} deletes a
 * tenant's points before its first document. Qdrant has no transactions: an import that fails
 * half-way stays half-applied (the service checks the whole input before it calls the store, so
 * only a store failure can cut it, and running the restore again converges).
 */
final class QdrantLoad {

  /** The calls an import makes; the adapter sends them to Qdrant, tests record them. */
  interface Target {
    Map<PointId, Long> versions(Collection<PointId> ids);

    void deleteTenant(String tenant);

    void upsert(List<PointStruct> points);
  }

  private final Target target;
  private final ModelGuard guard;
  private final Function<IndexOperation.Upsert, PointStruct> toPoint;
  private final int batchSize;
  private final boolean replace;
  private final boolean dryRun;
  private final Set<String> tenants = new HashSet<>();
  private final List<IndexOperation> resets = new ArrayList<>();
  private final List<IndexOperation.Upsert> pending = new ArrayList<>();
  private long received;
  private long inserted;
  private long updated;
  private long unchanged;

  QdrantLoad(
      Target target,
      ModelGuard guard,
      Function<IndexOperation.Upsert, PointStruct> toPoint,
      int batchSize,
      boolean replace,
      boolean dryRun) {
    this.target = target;
    this.guard = guard;
    this.toPoint = toPoint;
    this.batchSize = batchSize;
    this.replace = replace;
    this.dryRun = dryRun;
  }

  /** The tenants reset (replace), to tell the model guard when the import is done. */
  List<IndexOperation> resets() {
    return resets;
  }

  ImportCounts run(ImportSource source) {
    for (IndexOperation.Upsert u = source.next(); u != null; u = source.next()) {
      received++;
      String tenant = u.document().tenant();
      if (replace && tenants.add(tenant)) {
        flush(); // documents of other tenants read so far go before the delete
        resets.add(new IndexOperation.Reset(tenant));
        if (!dryRun) {
          target.deleteTenant(tenant);
        }
      }
      pending.add(u);
      if (pending.size() >= batchSize) {
        flush();
      }
    }
    flush();
    return new ImportCounts(received, inserted, updated, unchanged);
  }

  private void flush() {
    if (pending.isEmpty()) {
      return;
    }
    List<IndexOperation> check = new ArrayList<>(resets);
    check.addAll(pending);
    guard.checkWrite(check);
    List<PointId> ids = new ArrayList<>(pending.size());
    for (IndexOperation.Upsert u : pending) {
      IndexDocument d = u.document();
      ids.add(QdrantPoints.id(d.tenant(), d.kind(), d.id()));
    }
    Map<PointId, Long> stored =
        replace && dryRun ? new HashMap<>() : new HashMap<>(target.versions(ids));
    List<PointStruct> points = new ArrayList<>(pending.size());
    for (int i = 0; i < pending.size(); i++) {
      IndexOperation.Upsert u = pending.get(i);
      Long version = stored.get(ids.get(i));
      if (version != null && u.document().version() <= version) {
        unchanged++;
        continue;
      }
      if (version == null) {
        inserted++;
      } else {
        updated++;
      }
      stored.put(ids.get(i), u.document().version()); // a repeat later in the batch sees it
      if (!dryRun) {
        points.add(toPoint.apply(u));
      }
    }
    if (!points.isEmpty()) {
      target.upsert(points);
    }
    pending.clear();
  }
}
