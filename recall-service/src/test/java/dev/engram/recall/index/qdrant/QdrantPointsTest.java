package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.TextTerms;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Payload mapping and point building, without a server. */
class QdrantPointsTest {

  private final SparseVectors sparse = new SparseVectors(TextTerms.analyzer(), 10);

  @Test
  void aDocumentSurvivesThePayloadRoundTrip() {
    DocBuilder b = DocBuilder.memory("t1", 42, "bot1", "telegram:1", "Alice lives in Porto");
    b.version = 3;
    b.thread = "proj-x";
    b.session = "s-9";
    b.createdAt = Instant.parse("2026-05-08T11:56:00.123456Z");
    b.expiresAt = Instant.parse("2027-01-01T00:00:00Z");
    b.supersededAt = Instant.parse("2026-06-01T00:00:00Z");
    b.source = "reflector";
    b.sourceExchangeIds = List.of(7L, 8L);
    b.metadata = Map.of("dia_id", "D1:3");
    IndexDocument doc = b.build();
    assertEquals(doc, QdrantPoints.document(QdrantPoints.payload(doc, "m1")));

    IndexDocument bare =
        DocBuilder.exchange("t1", 7, "bot1", "telegram:1", "I moved to Porto").build();
    Map<String, Value> payload = QdrantPoints.payload(bare, "m1");
    assertEquals(bare, QdrantPoints.document(payload));
    assertFalse(payload.containsKey(DocField.CATEGORY.stored()), "absent values are left out");
    assertEquals(QdrantPoints.NEVER, payload.get(DocField.EXPIRES_AT.stored()).getIntegerValue());
    assertNull(QdrantPoints.document(payload).expiresAt());
  }

  @Test
  void thePayloadCarriesTheModelAndIntegerMicroseconds() {
    IndexDocument doc =
        DocBuilder.memory("t1", 1, null, null, "x")
            .created(Instant.parse("2026-05-08T11:56:00.000001Z"))
            .build();
    Map<String, Value> payload = QdrantPoints.payload(doc, "all-minilm-l6-v2-q");
    assertEquals("all-minilm-l6-v2-q", payload.get(QdrantPoints.MODEL).getStringValue());
    assertEquals(
        1_778_241_360_000_001L, payload.get(DocField.CREATED_AT.stored()).getIntegerValue());
    assertEquals("GLOBAL", payload.get(DocField.SCOPE.stored()).getStringValue());
    assertEquals("memory", payload.get(DocField.KIND.stored()).getStringValue());
  }

  @Test
  void pointIdsAreStableAndKeepTenantsAndKindsApart() {
    assertEquals(
        QdrantPoints.id("t1", DocKind.MEMORY, 5), QdrantPoints.id("t1", DocKind.MEMORY, 5));
    assertNotEquals(
        QdrantPoints.id("t1", DocKind.MEMORY, 5), QdrantPoints.id("t2", DocKind.MEMORY, 5));
    assertNotEquals(
        QdrantPoints.id("t1", DocKind.MEMORY, 5), QdrantPoints.id("t1", DocKind.EXCHANGE, 5));
  }

  @Test
  void aPointHasTheNamedDenseAndSparseVectors() {
    IndexDocument doc = DocBuilder.memory("t1", 1, null, null, "running run runs").build();
    float[] vector = {0.6f, 0.8f};
    PointStruct point = QdrantPoints.point(doc, vector, sparse.document(doc.text()), "m1");
    var named = point.getVectors().getVectors().getVectorsMap();
    assertEquals(List.of(0.6f, 0.8f), named.get(QdrantPoints.DENSE).getDense().getDataList());
    var bm25 = named.get(QdrantPoints.SPARSE).getSparse();
    assertEquals(List.of(SparseVectors.index("run")), bm25.getIndicesList(), "stemmed: one term");
    assertEquals(QdrantPoints.id("t1", DocKind.MEMORY, 1), point.getId());
    assertEquals("t1", point.getPayloadMap().get(DocField.TENANT.stored()).getStringValue());
  }
}
