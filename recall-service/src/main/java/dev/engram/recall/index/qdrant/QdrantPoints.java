package dev.engram.recall.index.qdrant;

import static io.qdrant.client.ValueFactory.list;
import static io.qdrant.client.ValueFactory.value;

import dev.engram.recall.index.DocKind;
import dev.engram.recall.index.IndexDocument;
import dev.engram.recall.index.Scope;
import dev.engram.recall.index.Status;
import io.qdrant.client.PointIdFactory;
import io.qdrant.client.VectorFactory;
import io.qdrant.client.VectorsFactory;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.PointStruct;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * How an {@link IndexDocument} becomes a Qdrant point and back: a name-based UUID from (tenant,
 * kind, id), a named dense vector, a named sparse BM25 vector, and the document as payload. Times
 * are integer microseconds (filterable by range, exact as doubles); "never expires" is a far-future
 * value so one range condition filters expiry, as in the Lucene adapter.
 */
final class QdrantPoints {

  static final String DENSE = "dense";
  static final String SPARSE = "bm25";
  static final String MODEL = "model";
  static final long NEVER = Long.MAX_VALUE;

  private QdrantPoints() {}

  /** The point id of a document: stable, so an upsert replaces and a delete finds it. */
  static PointId id(String tenant, DocKind kind, long id) {
    String name = tenant + '\u001f' + kind.wire() + '\u001f' + id;
    return PointIdFactory.id(UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)));
  }

  static PointStruct point(
      IndexDocument d, float[] unitVector, SparseVectors.Sparse sparse, String modelId) {
    return PointStruct.newBuilder()
        .setId(id(d.tenant(), d.kind(), d.id()))
        .setVectors(
            VectorsFactory.namedVectors(
                Map.of(
                    DENSE,
                    VectorFactory.vector(unitVector),
                    SPARSE,
                    VectorFactory.vector(sparse.values(), sparse.indices()))))
        .putAllPayload(payload(d, modelId))
        .build();
  }

  /** The dense vector of a point read with its vectors (older servers fill the plain data). */
  static float[] dense(io.qdrant.client.grpc.Points.VectorsOutput vectors) {
    var named = vectors.getVectors().getVectorsMap().get(DENSE);
    if (named == null) {
      throw new IllegalStateException("a point has no dense vector");
    }
    List<Float> data = named.hasDense() ? named.getDense().getDataList() : named.getDataList();
    float[] out = new float[data.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = data.get(i);
    }
    return out;
  }

  /** The payload of a document; absent values are left out (Qdrant's "is empty"). */
  static Map<String, Value> payload(IndexDocument d, String modelId) {
    Map<String, Value> p = new LinkedHashMap<>();
    p.put(Fields.TENANT, value(d.tenant()));
    p.put(Fields.KIND, value(d.kind().wire()));
    p.put(Fields.ID, value(d.id()));
    p.put(Fields.VERSION, value(d.version()));
    put(p, Fields.AGENT, d.agent());
    put(p, Fields.CHAT, d.chat());
    put(p, Fields.THREAD, d.thread());
    put(p, Fields.SESSION, d.session());
    p.put(Fields.SCOPE, value(d.scope().name()));
    put(p, Fields.CATEGORY, d.category());
    p.put(Fields.STATUS, value(d.status().name()));
    put(p, Fields.SPEAKER, d.speaker());
    put(p, Fields.ROLE, d.role());
    p.put(Fields.TEXT, value(d.text()));
    if (d.confidence() != null) {
      p.put(Fields.CONFIDENCE, value(d.confidence()));
    }
    p.put(Fields.CREATED_AT, value(micros(d.createdAt())));
    p.put(Fields.EXPIRES_AT, value(d.expiresAt() == null ? NEVER : micros(d.expiresAt())));
    if (d.archivedAt() != null) {
      p.put(Fields.ARCHIVED_AT, value(micros(d.archivedAt())));
    }
    if (d.supersededAt() != null) {
      p.put(Fields.SUPERSEDED_AT, value(micros(d.supersededAt())));
    }
    put(p, Fields.SOURCE, d.source());
    p.put(
        Fields.SOURCE_EXCHANGE_IDS,
        list(d.sourceExchangeIds().stream().map(id -> value(id)).toList()));
    if (d.metadata() != null) {
      Map<String, Value> metadata = new LinkedHashMap<>();
      d.metadata().forEach((k, v) -> metadata.put(k, value(v)));
      p.put(Fields.METADATA, value(metadata));
    }
    p.put(MODEL, value(modelId));
    return p;
  }

  /** The document a payload describes. */
  static IndexDocument document(Map<String, Value> p) {
    return new IndexDocument(
        string(p, Fields.TENANT),
        DocKind.valueOf(string(p, Fields.KIND).toUpperCase(java.util.Locale.ROOT)),
        p.get(Fields.ID).getIntegerValue(),
        p.get(Fields.VERSION).getIntegerValue(),
        string(p, Fields.AGENT),
        string(p, Fields.CHAT),
        string(p, Fields.THREAD),
        string(p, Fields.SESSION),
        Scope.valueOf(string(p, Fields.SCOPE)),
        string(p, Fields.CATEGORY),
        Status.valueOf(string(p, Fields.STATUS)),
        string(p, Fields.SPEAKER),
        string(p, Fields.ROLE),
        string(p, Fields.TEXT),
        p.containsKey(Fields.CONFIDENCE) ? number(p.get(Fields.CONFIDENCE)) : null,
        instant(p, Fields.CREATED_AT),
        p.get(Fields.EXPIRES_AT).getIntegerValue() == NEVER ? null : instant(p, Fields.EXPIRES_AT),
        instant(p, Fields.ARCHIVED_AT),
        instant(p, Fields.SUPERSEDED_AT),
        string(p, Fields.SOURCE),
        longs(p.get(Fields.SOURCE_EXCHANGE_IDS)),
        metadata(p.get(Fields.METADATA)));
  }

  static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
  }

  static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  private static void put(Map<String, Value> p, String field, String text) {
    if (text != null) {
      p.put(field, value(text));
    }
  }

  private static String string(Map<String, Value> p, String field) {
    Value v = p.get(field);
    return v == null || v.getKindCase() != Value.KindCase.STRING_VALUE ? null : v.getStringValue();
  }

  private static Instant instant(Map<String, Value> p, String field) {
    Value v = p.get(field);
    return v == null ? null : instant(v.getIntegerValue());
  }

  private static double number(Value v) {
    return v.getKindCase() == Value.KindCase.INTEGER_VALUE
        ? v.getIntegerValue()
        : v.getDoubleValue();
  }

  private static List<Long> longs(Value v) {
    if (v == null || v.getKindCase() != Value.KindCase.LIST_VALUE) {
      return List.of();
    }
    return v.getListValue().getValuesList().stream().map(Value::getIntegerValue).toList();
  }

  private static Map<String, String> metadata(Value v) {
    if (v == null || v.getKindCase() != Value.KindCase.STRUCT_VALUE) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    v.getStructValue().getFieldsMap().forEach((k, x) -> out.put(k, x.getStringValue()));
    return out;
  }
}
