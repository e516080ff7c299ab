package dev.engram.recall.index.qdrant;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.IndexOperation;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.PointStruct;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns a batch of index operations into the Qdrant writes that apply it in order: consecutive
 * upserts become one upsert request (split by size later), deletes by point id, resets a delete by
 * tenant filter. Versions are checked here, against the versions stored before the batch (read in
 * one request) and what the batch itself wrote earlier, exactly like the Lucene adapter. Pure, so
 * it is tested without a server.
 */
final class QdrantBatch {

  /** One write request, in batch order. */
  sealed interface Write {
    record Upsert(List<PointStruct> points) implements Write {}

    record DeleteIds(List<PointId> ids) implements Write {}

    record DeleteTenant(String tenant) implements Write {}
  }

  /** The writes and what they count as. */
  record Plan(List<Write> writes, ApplyResult result) {}

  private QdrantBatch() {}

  /** The point ids whose stored version the plan needs. */
  static Set<PointId> lookups(List<IndexOperation> operations) {
    Set<PointId> ids = new LinkedHashSet<>();
    for (IndexOperation op : operations) {
      switch (op) {
        case IndexOperation.Upsert u ->
            ids.add(QdrantPoints.id(u.document().tenant(), u.document().kind(), u.document().id()));
        case IndexOperation.Delete d -> ids.add(QdrantPoints.id(d.tenant(), d.kind(), d.id()));
        case IndexOperation.Reset r -> {
          // a reset needs no version
        }
      }
    }
    return ids;
  }

  /**
   * @param stored version per point id before the batch (absent: no such point)
   * @param points builds the point of an upsert (vectors and payload)
   */
  static Plan plan(
      List<IndexOperation> operations,
      Map<PointId, Long> stored,
      Function<IndexOperation.Upsert, PointStruct> points) {
    var state = new State(stored);
    List<Write> writes = new ArrayList<>();
    List<PointStruct> pending = new ArrayList<>();
    int applied = 0;
    int skipped = 0;
    for (IndexOperation op : operations) {
      switch (op) {
        case IndexOperation.Upsert u -> {
          var d = u.document();
          Key key = new Key(d.tenant(), d.kind(), d.id());
          Long current = state.version(key);
          if (current != null && d.version() < current) {
            skipped++;
          } else {
            pending.add(points.apply(u));
            state.written.put(key, d.version());
            applied++;
          }
        }
        case IndexOperation.Delete d -> {
          Key key = new Key(d.tenant(), d.kind(), d.id());
          Long current = state.version(key);
          if (current != null && d.version() != null && d.version() < current) {
            skipped++;
          } else {
            flush(pending, writes);
            writes.add(new Write.DeleteIds(List.of(key.pointId())));
            state.written.put(key, null);
            applied++;
          }
        }
        case IndexOperation.Reset r -> {
          flush(pending, writes);
          writes.add(new Write.DeleteTenant(r.tenant()));
          state.written.keySet().removeIf(k -> k.tenant().equals(r.tenant()));
          state.reset.add(r.tenant());
          applied++;
        }
      }
    }
    flush(pending, writes);
    return new Plan(List.copyOf(writes), new ApplyResult(applied, skipped));
  }

  private record Key(String tenant, DocKind kind, long id) {
    PointId pointId() {
      return QdrantPoints.id(tenant, kind, id);
    }
  }

  /** What the store holds as of this point in the batch. */
  private static final class State {
    final Map<PointId, Long> stored;
    final Map<Key, Long> written = new HashMap<>(); // null value: deleted by this batch
    final Set<String> reset = new HashSet<>();

    State(Map<PointId, Long> stored) {
      this.stored = stored;
    }

    Long version(Key key) {
      if (written.containsKey(key)) {
        return written.get(key);
      }
      return reset.contains(key.tenant()) ? null : stored.get(key.pointId());
    }
  }

  private static void flush(List<PointStruct> pending, List<Write> writes) {
    if (!pending.isEmpty()) {
      writes.add(new Write.Upsert(List.copyOf(pending)));
      pending.clear();
    }
  }
}
