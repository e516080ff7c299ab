package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.ModelGuard;
import io.qdrant.client.PointIdFactory;
import io.qdrant.client.VectorFactory;
import io.qdrant.client.VectorsFactory;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.DenseVector;
import io.qdrant.client.grpc.Points.NamedVectorsOutput;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.ScrollResponse;
import io.qdrant.client.grpc.Points.VectorOutput;
import io.qdrant.client.grpc.Points.VectorsOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The Qdrant side of backups, without a server (none runs here): the scroll requests of an export
 * and their paging, and the calls an import makes.
 */
class QdrantBackupTest {

  static IndexDocument doc(String tenant, long id, long version) {
    return DocBuilder.from(DocBuilder.memory(tenant, id, null, null, "text " + id).build())
        .version(version)
        .build();
  }

  @Test
  void anExportPageAsksForPayloadAndTheDenseVectorOnlyFromTheOffset() {
    ScrollPoints first = QdrantRequests.exportPage("engram", null, 256);
    assertEquals("engram", first.getCollectionName());
    assertEquals(256, first.getLimit());
    assertFalse(first.hasOffset());
    assertFalse(first.hasFilter(), "every tenant");
    assertTrue(first.getWithPayload().getEnable());
    assertEquals(List.of(QdrantPoints.DENSE), first.getWithVectors().getInclude().getNamesList());
    PointId offset = PointIdFactory.id(42);
    assertEquals(offset, QdrantRequests.exportPage("engram", offset, 256).getOffset());
  }

  @Test
  void theSnapshotFollowsNextPageOffsetsToTheEnd() throws IOException {
    IndexDocument a = doc("t1", 1, 1);
    IndexDocument b = doc("t2", 2, 3);
    List<ScrollPoints> asked = new ArrayList<>();
    Iterator<ScrollResponse> pages =
        List.of(
                ScrollResponse.newBuilder()
                    .addResult(retrieved(a, new float[] {0.6f, 0.8f}, false))
                    .setNextPageOffset(PointIdFactory.id(7))
                    .build(),
                ScrollResponse.newBuilder()
                    .addResult(retrieved(b, new float[] {1f, 0f}, true))
                    .build())
            .iterator();
    var snapshot =
        new QdrantSnapshot(
            "engram",
            1,
            "m",
            request -> {
              asked.add(request);
              return pages.next();
            });
    List<String> seen = new ArrayList<>();
    snapshot.forEach((d, v) -> seen.add(d.tenant() + "/" + d.id() + "/" + v[0] + "," + v[1]));
    assertEquals(List.of("t1/1/0.6,0.8", "t2/2/1.0,0.0"), seen);
    assertEquals(2, asked.size());
    assertFalse(asked.get(0).hasOffset());
    assertEquals(PointIdFactory.id(7), asked.get(1).getOffset());
  }

  private static RetrievedPoint retrieved(IndexDocument d, float[] v, boolean legacy) {
    VectorOutput.Builder out = VectorOutput.newBuilder();
    if (legacy) {
      for (float x : v) {
        out.addData(x);
      }
    } else {
      DenseVector.Builder dense = DenseVector.newBuilder();
      for (float x : v) {
        dense.addData(x);
      }
      out.setDense(dense);
    }
    return RetrievedPoint.newBuilder()
        .setId(QdrantPoints.id(d.tenant(), d.kind(), d.id()))
        .putAllPayload(QdrantPoints.payload(d, "m"))
        .setVectors(
            VectorsOutput.newBuilder()
                .setVectors(
                    NamedVectorsOutput.newBuilder().putVectors(QdrantPoints.DENSE, out.build())))
        .build();
  }

  /** Records the calls an import makes against a pretend collection. */
  static final class Recorder implements QdrantLoad.Target {
    final Map<PointId, Long> stored = new HashMap<>();
    final List<String> calls = new ArrayList<>();

    @Override
    public Map<PointId, Long> versions(Collection<PointId> ids) {
      calls.add("versions " + ids.size());
      Map<PointId, Long> out = new HashMap<>();
      ids.forEach(
          id -> {
            if (stored.containsKey(id)) {
              out.put(id, stored.get(id));
            }
          });
      return out;
    }

    @Override
    public void deleteTenant(String tenant) {
      calls.add("delete " + tenant);
    }

    @Override
    public void upsert(List<PointStruct> points) {
      calls.add("upsert " + points.size());
    }
  }

  static QdrantLoad load(Recorder target, boolean replace, boolean dryRun) {
    return new QdrantLoad(
        target,
        new ModelGuard("m"),
        u ->
            PointStruct.newBuilder()
                .setId(
                    QdrantPoints.id(u.document().tenant(), u.document().kind(), u.document().id()))
                .setVectors(
                    VectorsFactory.namedVectors(
                        Map.of(QdrantPoints.DENSE, VectorFactory.vector(u.vector()))))
                .build(),
        2,
        replace,
        dryRun);
  }

  static Iterator<IndexOperation.Upsert> input(IndexDocument... docs) {
    List<IndexOperation.Upsert> ops = new ArrayList<>();
    for (IndexDocument d : docs) {
      ops.add(new IndexOperation.Upsert(d, new float[] {1f, 0f}));
    }
    return ops.iterator();
  }

  static ImportCounts run(QdrantLoad load, Iterator<IndexOperation.Upsert> input) {
    return load.run(() -> input.hasNext() ? input.next() : null);
  }

  @Test
  void mergeLooksUpVersionsPerBatchAndUpsertsOnlyNewerDocuments() {
    Recorder target = new Recorder();
    target.stored.put(QdrantPoints.id("t1", doc("t1", 1, 1).kind(), 1), 5L);
    target.stored.put(QdrantPoints.id("t1", doc("t1", 2, 1).kind(), 2), 1L);
    ImportCounts counts =
        run(load(target, false, false), input(doc("t1", 1, 3), doc("t1", 2, 2), doc("t2", 3, 1)));
    assertEquals(new ImportCounts(3, 1, 1, 1), counts);
    assertEquals(List.of("versions 2", "upsert 1", "versions 1", "upsert 1"), target.calls);
  }

  @Test
  void replaceDeletesEachTenantBeforeItsFirstDocumentAndADryRunOnlyCounts() {
    Recorder target = new Recorder();
    ImportCounts counts =
        run(load(target, true, false), input(doc("t1", 1, 1), doc("t2", 2, 1), doc("t1", 3, 1)));
    assertEquals(new ImportCounts(3, 3, 0, 0), counts);
    assertEquals(
        List.of("delete t1", "versions 1", "upsert 1", "delete t2", "versions 2", "upsert 2"),
        target.calls);

    Recorder dry = new Recorder();
    assertEquals(
        new ImportCounts(2, 2, 0, 0),
        run(load(dry, true, true), input(doc("t1", 1, 1), doc("t1", 2, 1))));
    assertEquals(List.of(), dry.calls, "a dry replace asks nothing: every tenant would be empty");
    Recorder dryMerge = new Recorder();
    dryMerge.stored.put(QdrantPoints.id("t1", doc("t1", 1, 1).kind(), 1), 1L);
    assertEquals(
        new ImportCounts(1, 0, 0, 1), run(load(dryMerge, false, true), input(doc("t1", 1, 1))));
    assertEquals(List.of("versions 1"), dryMerge.calls);
  }
}
