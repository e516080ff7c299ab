package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import io.qdrant.client.grpc.Points.PointStruct;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Version checks and write order of a batch, as the Qdrant adapter sends it. */
class QdrantBatchTest {

  private static IndexOperation.Upsert upsert(String tenant, long id, long version) {
    return new IndexOperation.Upsert(
        DocBuilder.memory(tenant, id, null, null, "text").version(version).build(), new float[2]);
  }

  private static QdrantBatch.Plan plan(Map<Long, Long> stored, IndexOperation... ops) {
    Map<io.qdrant.client.grpc.Common.PointId, Long> versions = new java.util.HashMap<>();
    stored.forEach((id, v) -> versions.put(QdrantPoints.id("t1", DocKind.MEMORY, id), v));
    return QdrantBatch.plan(
        List.of(ops),
        versions,
        u ->
            PointStruct.newBuilder()
                .setId(
                    QdrantPoints.id(u.document().tenant(), u.document().kind(), u.document().id()))
                .build());
  }

  @Test
  void olderVersionsAreSkippedAndEqualOnesApplied() {
    var p =
        plan(
            Map.of(1L, 5L, 2L, 5L),
            upsert("t1", 1, 4),
            upsert("t1", 2, 5),
            upsert("t1", 3, 1),
            new IndexOperation.Delete("t1", DocKind.MEMORY, 1, 4L),
            new IndexOperation.Delete("t1", DocKind.MEMORY, 2, null));
    assertEquals(new ApplyResult(3, 2), p.result());
    assertEquals(2, p.writes().size());
    var upserts = assertInstanceOf(QdrantBatch.Write.Upsert.class, p.writes().get(0));
    assertEquals(2, upserts.points().size(), "ids 2 and 3 in one request");
    assertInstanceOf(QdrantBatch.Write.DeleteIds.class, p.writes().get(1));
  }

  @Test
  void laterOperationsSeeEarlierOnesOfTheSameBatch() {
    var p =
        plan(
            Map.of(),
            upsert("t1", 1, 5),
            upsert("t1", 1, 4),
            new IndexOperation.Reset("t1"),
            upsert("t1", 1, 2));
    assertEquals(new ApplyResult(3, 1), p.result(), "v4 stale after v5; after the reset v2 is new");
    assertEquals(
        List.of(
            QdrantBatch.Write.Upsert.class,
            QdrantBatch.Write.DeleteTenant.class,
            QdrantBatch.Write.Upsert.class),
        p.writes().stream().map(Object::getClass).toList());
  }

  @Test
  void lookupsNameEveryUpsertedOrDeletedPoint() {
    var ids =
        QdrantBatch.lookups(
            List.of(
                upsert("t1", 1, 1),
                new IndexOperation.Delete("t1", DocKind.EXCHANGE, 2, null),
                new IndexOperation.Reset("t2")));
    assertEquals(
        Set.of(
            QdrantPoints.id("t1", DocKind.MEMORY, 1), QdrantPoints.id("t1", DocKind.EXCHANGE, 2)),
        ids);
  }
}
