package dev.engram.recall.index.lucene;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.index.DocField;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoubleDocValuesField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.NumericDocValuesField;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.util.BytesRef;

/**
 * How an {@link IndexDocument} is laid out in Lucene: keyword fields to filter on, a BM25 text
 * field, an HNSW vector field, points and doc values for time, and stored fields for everything
 * recall returns. Times are kept in microseconds, the precision of the record (PostgreSQL).
 * Confidence is a point (range filter), doc values (ordering) and stored.
 */
final class LuceneSchema {

  static final String KEY = "key";
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
    keyword(doc, DocField.TENANT.stored(), d.tenant());
    keyword(doc, DocField.KIND.stored(), d.kind().wire());
    doc.add(new StoredField(DocField.ID.stored(), d.id()));
    doc.add(new StoredField(DocField.VERSION.stored(), d.version()));
    keyword(doc, DocField.AGENT.stored(), d.agent());
    keyword(doc, DocField.CHAT.stored(), d.chat());
    keyword(doc, DocField.THREAD.stored(), d.thread());
    keyword(doc, DocField.SESSION.stored(), d.session());
    keyword(doc, DocField.SCOPE.stored(), d.scope().name());
    keyword(doc, DocField.CATEGORY.stored(), d.category());
    keyword(doc, DocField.STATUS.stored(), d.status().name());
    keyword(doc, DocField.SPEAKER.stored(), d.speaker());
    keyword(doc, DocField.ROLE.stored(), d.role());
    keyword(doc, MODEL, modelId);
    if (d.mode() != null) {
      keyword(doc, DocField.MODE.stored(), d.mode());
      // doc values only so that "has no mode" can be asked (FieldExistsQuery)
      doc.add(new SortedDocValuesField(DocField.MODE.stored(), new BytesRef(d.mode())));
    }
    doc.add(new TextField(DocField.TEXT.stored(), d.text(), Field.Store.YES));
    if (d.confidence() != null) {
      doc.add(new DoublePoint(DocField.CONFIDENCE.stored(), d.confidence()));
      doc.add(new DoubleDocValuesField(DocField.CONFIDENCE.stored(), d.confidence()));
      doc.add(new StoredField(DocField.CONFIDENCE.stored(), d.confidence()));
    }
    long created = micros(d.createdAt());
    doc.add(new LongPoint(DocField.CREATED_AT.stored(), created));
    doc.add(new NumericDocValuesField(DocField.CREATED_AT.stored(), created));
    doc.add(new StoredField(DocField.CREATED_AT.stored(), created));
    doc.add(
        new LongPoint(
            DocField.EXPIRES_AT.stored(), d.expiresAt() == null ? NEVER : micros(d.expiresAt())));
    if (d.expiresAt() != null) {
      doc.add(new StoredField(DocField.EXPIRES_AT.stored(), micros(d.expiresAt())));
    }
    instantPoint(doc, DocField.ARCHIVED_AT.stored(), d.archivedAt());
    instantPoint(doc, DocField.SUPERSEDED_AT.stored(), d.supersededAt());
    if (d.source() != null) {
      doc.add(new StoredField(DocField.SOURCE.stored(), d.source()));
    }
    for (Long id : d.sourceExchangeIds()) {
      doc.add(new StoredField(DocField.SOURCE_EXCHANGE_IDS.stored(), id));
    }
    if (d.metadata() != null) {
      doc.add(new StoredField(DocField.METADATA.stored(), writeJson(d.metadata())));
    }
    doc.add(new KnnFloatVectorField(VECTOR, unitVector, SIMILARITY));
    return doc;
  }

  static IndexDocument fromStored(Document doc) {
    return new IndexDocument(
        doc.get(DocField.TENANT.stored()),
        DocKind.ofWire(doc.get(DocField.KIND.stored())),
        doc.getField(DocField.ID.stored()).numericValue().longValue(),
        doc.getField(DocField.VERSION.stored()).numericValue().longValue(),
        doc.get(DocField.AGENT.stored()),
        doc.get(DocField.CHAT.stored()),
        doc.get(DocField.THREAD.stored()),
        doc.get(DocField.SESSION.stored()),
        Scope.valueOf(doc.get(DocField.SCOPE.stored())),
        doc.get(DocField.CATEGORY.stored()),
        Status.valueOf(doc.get(DocField.STATUS.stored())),
        doc.get(DocField.SPEAKER.stored()),
        doc.get(DocField.ROLE.stored()),
        doc.get(DocField.TEXT.stored()),
        doc.getField(DocField.CONFIDENCE.stored()) == null
            ? null
            : doc.getField(DocField.CONFIDENCE.stored()).numericValue().doubleValue(),
        instant(doc.getField(DocField.CREATED_AT.stored()).numericValue().longValue()),
        storedInstant(doc, DocField.EXPIRES_AT.stored()),
        storedInstant(doc, DocField.ARCHIVED_AT.stored()),
        storedInstant(doc, DocField.SUPERSEDED_AT.stored()),
        doc.get(DocField.SOURCE.stored()),
        Arrays.stream(doc.getFields(DocField.SOURCE_EXCHANGE_IDS.stored()))
            .map(f -> f.numericValue().longValue())
            .toList(),
        doc.get(DocField.METADATA.stored()) == null
            ? null
            : readJson(doc.get(DocField.METADATA.stored())),
        doc.get(DocField.MODE.stored()));
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
      // Unmodifiable: a document read once is shared by every search that finds it
      // (StoredDocuments).
      return Collections.unmodifiableMap(
          JSON.readValue(json, new TypeReference<LinkedHashMap<String, String>>() {}));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored metadata is not JSON", e);
    }
  }
}
