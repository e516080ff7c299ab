package dev.engram.recall.index.qdrant;

import static io.qdrant.client.ValueFactory.list;
import static io.qdrant.client.ValueFactory.value;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.index.DocField;
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
    p.put(DocField.TENANT.stored(), value(d.tenant()));
    p.put(DocField.KIND.stored(), value(d.kind().wire()));
    p.put(DocField.ID.stored(), value(d.id()));
    p.put(DocField.VERSION.stored(), value(d.version()));
    put(p, DocField.AGENT.stored(), d.agent());
    put(p, DocField.CHAT.stored(), d.chat());
    put(p, DocField.THREAD.stored(), d.thread());
    put(p, DocField.SESSION.stored(), d.session());
    p.put(DocField.SCOPE.stored(), value(d.scope().name()));
    put(p, DocField.CATEGORY.stored(), d.category());
    p.put(DocField.STATUS.stored(), value(d.status().name()));
    put(p, DocField.SPEAKER.stored(), d.speaker());
    put(p, DocField.ROLE.stored(), d.role());
    p.put(DocField.TEXT.stored(), value(d.text()));
    if (d.confidence() != null) {
      p.put(DocField.CONFIDENCE.stored(), value(d.confidence()));
    }
    p.put(DocField.CREATED_AT.stored(), value(micros(d.createdAt())));
    p.put(
        DocField.EXPIRES_AT.stored(), value(d.expiresAt() == null ? NEVER : micros(d.expiresAt())));
    if (d.archivedAt() != null) {
      p.put(DocField.ARCHIVED_AT.stored(), value(micros(d.archivedAt())));
    }
    if (d.supersededAt() != null) {
      p.put(DocField.SUPERSEDED_AT.stored(), value(micros(d.supersededAt())));
    }
    put(p, DocField.SOURCE.stored(), d.source());
    p.put(
        DocField.SOURCE_EXCHANGE_IDS.stored(),
        list(d.sourceExchangeIds().stream().map(id -> value(id)).toList()));
    if (d.metadata() != null) {
      Map<String, Value> metadata = new LinkedHashMap<>();
      d.metadata().forEach((k, v) -> metadata.put(k, value(v)));
      p.put(DocField.METADATA.stored(), value(metadata));
    }
    put(p, DocField.MODE.stored(), d.mode());
    p.put(MODEL, value(modelId));
    return p;
  }

  /** The document a payload describes. */
  static IndexDocument document(Map<String, Value> p) {
    return new IndexDocument(
        string(p, DocField.TENANT.stored()),
        DocKind.valueOf(string(p, DocField.KIND.stored()).toUpperCase(java.util.Locale.ROOT)),
        p.get(DocField.ID.stored()).getIntegerValue(),
        p.get(DocField.VERSION.stored()).getIntegerValue(),
        string(p, DocField.AGENT.stored()),
        string(p, DocField.CHAT.stored()),
        string(p, DocField.THREAD.stored()),
        string(p, DocField.SESSION.stored()),
        Scope.valueOf(string(p, DocField.SCOPE.stored())),
        string(p, DocField.CATEGORY.stored()),
        Status.valueOf(string(p, DocField.STATUS.stored())),
        string(p, DocField.SPEAKER.stored()),
        string(p, DocField.ROLE.stored()),
        string(p, DocField.TEXT.stored()),
        p.containsKey(DocField.CONFIDENCE.stored())
            ? number(p.get(DocField.CONFIDENCE.stored()))
            : null,
        instant(p, DocField.CREATED_AT.stored()),
        p.get(DocField.EXPIRES_AT.stored()).getIntegerValue() == NEVER
            ? null
            : instant(p, DocField.EXPIRES_AT.stored()),
        instant(p, DocField.ARCHIVED_AT.stored()),
        instant(p, DocField.SUPERSEDED_AT.stored()),
        string(p, DocField.SOURCE.stored()),
        longs(p.get(DocField.SOURCE_EXCHANGE_IDS.stored())),
        metadata(p.get(DocField.METADATA.stored())),
        string(p, DocField.MODE.stored()));
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
