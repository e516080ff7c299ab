package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Points.Direction;
import io.qdrant.client.grpc.Points.FieldType;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the Qdrant adapter sends, built without a server. */
class QdrantRequestsTest {

  private static final Filter FILTER = QdrantFilters.tenant("t1");

  @Test
  void theCollectionHasANamedCosineVectorAndAnIdfSparseVector() {
    var create = QdrantRequests.createCollection("engram", 384, "all-minilm-l6-v2-q");
    assertEquals("engram", create.getCollectionName());
    var dense = create.getVectorsConfig().getParamsMap().getMapOrThrow(QdrantPoints.DENSE);
    assertEquals(384, dense.getSize());
    assertEquals(Distance.Cosine, dense.getDistance());
    var sparse = create.getSparseVectorsConfig().getMapOrThrow(QdrantPoints.SPARSE);
    assertEquals(Modifier.Idf, sparse.getModifier());
    assertEquals(
        "all-minilm-l6-v2-q",
        create.getMetadataOrThrow(QdrantRequests.META_MODEL).getStringValue());
  }

  @Test
  void payloadIndexesCoverTheFilteredFields() {
    var indexes = QdrantRequests.INDEXES;
    for (String keyword : List.of("tenant", "agent", "chat", "thread", "kind", "status", "model")) {
      assertEquals(FieldType.FieldTypeKeyword, indexes.get(keyword), keyword);
    }
    assertEquals(FieldType.FieldTypeInteger, indexes.get("created_at"));
    assertEquals(FieldType.FieldTypeFloat, indexes.get("confidence"));
    var tenant = QdrantRequests.payloadIndex("engram", "tenant", FieldType.FieldTypeKeyword);
    assertTrue(tenant.getFieldIndexParams().getKeywordIndexParams().getIsTenant());
    assertTrue(tenant.getWait());
    var agent = QdrantRequests.payloadIndex("engram", "agent", FieldType.FieldTypeKeyword);
    assertEquals(false, agent.hasFieldIndexParams());
  }

  @Test
  void searchesUseTheirNamedVectorTheFilterAndTheLimit() {
    var dense = QdrantRequests.dense("engram", new float[] {0.6f, 0.8f}, FILTER, 7);
    assertEquals(QdrantPoints.DENSE, dense.getUsing());
    assertEquals(7, dense.getLimit());
    assertEquals(FILTER, dense.getFilter());
    assertEquals(List.of(0.6f, 0.8f), dense.getQuery().getNearest().getDense().getDataList());
    assertTrue(dense.getWithPayload().getEnable());

    var query = new SparseVectors.Sparse(List.of(11, 12), List.of(1f, 1f));
    var sparse = QdrantRequests.sparse("engram", query, FILTER, 5);
    assertEquals(QdrantPoints.SPARSE, sparse.getUsing());
    assertEquals(List.of(11, 12), sparse.getQuery().getNearest().getSparse().getIndicesList());
  }

  @Test
  void writesWaitAndResetsDeleteByTenant() {
    assertTrue(QdrantRequests.upsert("engram", List.of()).getWait());
    var reset = QdrantRequests.deleteWhere("engram", FILTER);
    assertTrue(reset.getWait());
    assertEquals(FILTER, reset.getPoints().getFilter());
    var byConfidence = QdrantRequests.byConfidence("engram", FILTER, 10);
    assertEquals("confidence", byConfidence.getOrderBy().getKey());
    assertEquals(Direction.Desc, byConfidence.getOrderBy().getDirection());
    var versions =
        QdrantRequests.versions(
            "engram", List.of(QdrantPoints.id("t1", dev.engram.contracts.index.DocKind.MEMORY, 1)));
    assertEquals(List.of("version"), versions.getWithPayload().getInclude().getFieldsList());
    assertEquals(false, versions.getWithVectors().getEnable());
  }
}
