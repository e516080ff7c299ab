package dev.engram.recall.index;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleDocValuesField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;

/**
 * How an {@link IndexDocument} is laid out in Lucene: keyword fields to filter on, a BM25 text
 * field, an HNSW vector field, points and doc values for time, and stored fields for everything
 * recall returns. Times are kept in microseconds, the precision of the record (PostgreSQL).
 * Confidence is a point (range filter), doc values (ordering) and stored.
 */
final class LuceneSchema {

  static final String KEY = "key";
  static final String TENANT = "tenant";
  static final String KIND = "kind";
  static final String ID = "id";
  static final String VERSION = "version";
  static final String AGENT = "agent";
  static final String CHAT = "chat";
  static final String THREAD = "thread";
  static final String SESSION = "session";
  static final String SCOPE = "scope";
  static final String CATEGORY = "category";
  static final String STATUS = "status";
  static final String SPEAKER = "speaker";
  static final String ROLE = "role";
  static final String TEXT = "text";
  static final String CONFIDENCE = "confidence";
  static final String CREATED_AT = "created_at";
  static final String EXPIRES_AT = "expires_at";
  static final String ARCHIVED_AT = "archived_at";
  static final String SUPERSEDED_AT = "superseded_at";
  static final String SOURCE = "source";
  static final String SOURCE_EXCHANGE_IDS = "source_exchange_ids";
  static final String METADATA = "metadata";
  static final String MODEL = "model";
  static final String VECTOR = "vector";

  /** Vectors are unit length, so the dot product is the cosine and the cheapest to compute. */
  static final VectorSimilarityFunction SIMILARITY = VectorSimilarityFunction.DOT_PRODUCT;

  /** Stands for "never expires" in the expiry point, so one range query filters expiry. */
  static final long NEVER = Long.MAX_VALUE;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final char SEP = '\u001f';

  private LuceneSchema() {}

  static Term key(String tenant, DocKind kind, long id) {
    return new Term(KEY, tenant + SEP + kind.wire() + SEP + id);
  }

  static Document toDocument(IndexDocument d, float[] unitVector, String modelId) {
    Document doc = new Document();
    doc.add(new StringField(KEY, key(d.tenant(), d.kind(), d.id()).text(), Field.Store.NO));
    keyword(doc, TENANT, d.tenant());
    keyword(doc, KIND, d.kind().wire());
    doc.add(new StoredField(ID, d.id()));
    doc.add(new StoredField(VERSION, d.version()));
    keyword(doc, AGENT, d.agent());
    keyword(doc, CHAT, d.chat());
    keyword(doc, THREAD, d.thread());
    keyword(doc, SESSION, d.session());
    keyword(doc, SCOPE, d.scope().name());
    keyword(doc, CATEGORY, d.category());
    keyword(doc, STATUS, d.status().name());
    keyword(doc, SPEAKER, d.speaker());
    keyword(doc, ROLE, d.role());
    keyword(doc, MODEL, modelId);
    doc.add(new TextField(TEXT, d.text(), Field.Store.YES));
    if (d.confidence() != null) {
      doc.add(new DoublePoint(CONFIDENCE, d.confidence()));
      doc.add(new DoubleDocValuesField(CONFIDENCE, d.confidence()));
      doc.add(new StoredField(CONFIDENCE, d.confidence()));
    }
    long created = micros(d.createdAt());
    doc.add(new LongPoint(CREATED_AT, created));
    doc.add(new NumericDocValuesField(CREATED_AT, created));
    doc.add(new StoredField(CREATED_AT, created));
    doc.add(new LongPoint(EXPIRES_AT, d.expiresAt() == null ? NEVER : micros(d.expiresAt())));
    if (d.expiresAt() != null) {
      doc.add(new StoredField(EXPIRES_AT, micros(d.expiresAt())));
    }
    instantPoint(doc, ARCHIVED_AT, d.archivedAt());
    instantPoint(doc, SUPERSEDED_AT, d.supersededAt());
    if (d.source() != null) {
      doc.add(new StoredField(SOURCE, d.source()));
    }
    for (Long id : d.sourceExchangeIds()) {
      doc.add(new StoredField(SOURCE_EXCHANGE_IDS, id));
    }
    if (d.metadata() != null) {
      doc.add(new StoredField(METADATA, writeJson(d.metadata())));
    }
    doc.add(new KnnFloatVectorField(VECTOR, unitVector, SIMILARITY));
    return doc;
  }

  static IndexDocument fromStored(Document doc) {
    return new IndexDocument(
        doc.get(TENANT),
        DocKind.ofWire(doc.get(KIND)),
        doc.getField(ID).numericValue().longValue(),
        doc.getField(VERSION).numericValue().longValue(),
        doc.get(AGENT),
        doc.get(CHAT),
        doc.get(THREAD),
        doc.get(SESSION),
        Scope.valueOf(doc.get(SCOPE)),
        doc.get(CATEGORY),
        Status.valueOf(doc.get(STATUS)),
        doc.get(SPEAKER),
        doc.get(ROLE),
        doc.get(TEXT),
        doc.getField(CONFIDENCE) == null
            ? null
            : doc.getField(CONFIDENCE).numericValue().doubleValue(),
        instant(doc.getField(CREATED_AT).numericValue().longValue()),
        storedInstant(doc, EXPIRES_AT),
        storedInstant(doc, ARCHIVED_AT),
        storedInstant(doc, SUPERSEDED_AT),
        doc.get(SOURCE),
        Arrays.stream(doc.getFields(SOURCE_EXCHANGE_IDS))
            .map(f -> f.numericValue().longValue())
            .toList(),
        doc.get(METADATA) == null ? null : readJson(doc.get(METADATA)));
  }

  private static Instant storedInstant(Document doc, String field) {
    var stored = doc.getField(field);
    return stored == null ? null : instant(stored.numericValue().longValue());
  }

  /** A searchable and stored time, when there is one (absent: no range query matches). */
  private static void instantPoint(Document doc, String field, Instant t) {
    if (t != null) {
      doc.add(new LongPoint(field, micros(t)));
      doc.add(new StoredField(field, micros(t)));
    }
  }

  static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1_000);
  }

  static Instant instant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  private static void keyword(Document doc, String field, String value) {
    if (value != null) {
      doc.add(new StringField(field, value, Field.Store.YES));
    }
  }

  private static String writeJson(Map<String, String> metadata) {
    try {
      return JSON.writeValueAsString(metadata);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("metadata cannot be written as JSON", e);
    }
  }

  private static Map<String, String> readJson(String json) {
    try {
      return JSON.readValue(json, new TypeReference<Map<String, String>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored metadata is not JSON", e);
    }
  }
}
