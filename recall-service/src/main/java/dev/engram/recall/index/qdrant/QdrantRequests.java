package dev.engram.recall.index.qdrant;

import static io.qdrant.client.ConditionFactory.matchKeyword;

import dev.engram.recall.index.DocField;
import io.qdrant.client.QueryFactory;
import io.qdrant.client.ValueFactory;
import io.qdrant.client.WithPayloadSelectorFactory;
import io.qdrant.client.WithVectorsSelectorFactory;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.KeywordIndexParams;
import io.qdrant.client.grpc.Collections.Modifier;
import io.qdrant.client.grpc.Collections.PayloadIndexParams;
import io.qdrant.client.grpc.Collections.SparseVectorConfig;
import io.qdrant.client.grpc.Collections.SparseVectorParams;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Collections.VectorParamsMap;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.CreateFieldIndexCollection;
import io.qdrant.client.grpc.Points.DeletePoints;
import io.qdrant.client.grpc.Points.Direction;
import io.qdrant.client.grpc.Points.FacetCounts;
import io.qdrant.client.grpc.Points.FieldType;
import io.qdrant.client.grpc.Points.GetPoints;
import io.qdrant.client.grpc.Points.OrderBy;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsIdsList;
import io.qdrant.client.grpc.Points.PointsSelector;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScrollPoints;
import io.qdrant.client.grpc.Points.UpsertPoints;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds every request the Qdrant adapter sends, so what goes over the wire is unit-tested without
 * a server. Writes wait for the server to apply them ({@code wait=true}), so a batch is visible
 * before the internal API answers.
 */
final class QdrantRequests {

  /** Collection metadata keys. */
  static final String META_MODEL = "engram.model";

  static final String META_SCHEMA = "engram.schema";
  static final String SCHEMA_VERSION = "2";

  /**
   * Payload indexes: keyword fields filtered on (tenant marked as the tenant key, which Qdrant uses
   * to co-locate a tenant's points), integer times for ranges, float confidence for ordering.
   */
  static final Map<String, FieldType> INDEXES = Collections.unmodifiableMap(indexes());

  private QdrantRequests() {}

  private static Map<String, FieldType> indexes() {
    Map<String, FieldType> m = new LinkedHashMap<>();
    for (String keyword :
        List.of(
            DocField.TENANT.stored(),
            DocField.AGENT.stored(),
            DocField.CHAT.stored(),
            DocField.THREAD.stored(),
            DocField.KIND.stored(),
            DocField.SCOPE.stored(),
            DocField.STATUS.stored(),
            DocField.CATEGORY.stored(),
            DocField.SPEAKER.stored(),
            QdrantPoints.MODEL)) {
      m.put(keyword, FieldType.FieldTypeKeyword);
    }
    for (String time :
        List.of(
            DocField.CREATED_AT.stored(),
            DocField.EXPIRES_AT.stored(),
            DocField.ARCHIVED_AT.stored(),
            DocField.SUPERSEDED_AT.stored())) {
      m.put(time, FieldType.FieldTypeInteger);
    }
    m.put(DocField.CONFIDENCE.stored(), FieldType.FieldTypeFloat);
    return m;
  }

  /** The collection: named dense vector (cosine) and named sparse BM25 vector (IDF modifier). */
  static CreateCollection createCollection(String name, int dimensions, String modelId) {
    return CreateCollection.newBuilder()
        .setCollectionName(name)
        .setVectorsConfig(
            VectorsConfig.newBuilder()
                .setParamsMap(
                    VectorParamsMap.newBuilder()
                        .putMap(
                            QdrantPoints.DENSE,
                            VectorParams.newBuilder()
                                .setSize(dimensions)
                                .setDistance(Distance.Cosine)
                                .build())))
        .setSparseVectorsConfig(
            SparseVectorConfig.newBuilder()
                .putMap(
                    QdrantPoints.SPARSE,
                    SparseVectorParams.newBuilder().setModifier(Modifier.Idf).build()))
        .putMetadata(META_MODEL, ValueFactory.value(modelId))
        .putMetadata(META_SCHEMA, ValueFactory.value(SCHEMA_VERSION))
        .build();
  }

  /** A payload index (the tenant's marked as the tenant key). */
  static CreateFieldIndexCollection payloadIndex(String collection, String field, FieldType type) {
    var request =
        CreateFieldIndexCollection.newBuilder()
            .setCollectionName(collection)
            .setFieldName(field)
            .setFieldType(type)
            .setWait(true);
    if (field.equals(DocField.TENANT.stored())) {
      request.setFieldIndexParams(
          PayloadIndexParams.newBuilder()
              .setKeywordIndexParams(KeywordIndexParams.newBuilder().setIsTenant(true)));
    }
    return request.build();
  }

  static QueryPoints dense(String collection, float[] vector, Filter filter, int limit) {
    return QueryPoints.newBuilder()
        .setCollectionName(collection)
        .setQuery(QueryFactory.nearest(vector))
        .setUsing(QdrantPoints.DENSE)
        .setFilter(filter)
        .setLimit(limit)
        .setWithPayload(WithPayloadSelectorFactory.enable(true))
        .build();
  }

  static QueryPoints sparse(
      String collection, SparseVectors.Sparse query, Filter filter, int limit) {
    return QueryPoints.newBuilder()
        .setCollectionName(collection)
        .setQuery(QueryFactory.nearest(query.values(), query.indices()))
        .setUsing(QdrantPoints.SPARSE)
        .setFilter(filter)
        .setLimit(limit)
        .setWithPayload(WithPayloadSelectorFactory.enable(true))
        .build();
  }

  /** Points in a filter, highest confidence first (Qdrant orders by one payload key). */
  static ScrollPoints byConfidence(String collection, Filter filter, int limit) {
    return ScrollPoints.newBuilder()
        .setCollectionName(collection)
        .setFilter(filter)
        .setLimit(limit)
        .setOrderBy(
            OrderBy.newBuilder().setKey(DocField.CONFIDENCE.stored()).setDirection(Direction.Desc))
        .setWithPayload(WithPayloadSelectorFactory.enable(true))
        .build();
  }

  static ScrollPoints scroll(String collection, Filter filter, int limit) {
    return ScrollPoints.newBuilder()
        .setCollectionName(collection)
        .setFilter(filter)
        .setLimit(limit)
        .setWithPayload(WithPayloadSelectorFactory.enable(true))
        .build();
  }

  /**
   * One page of an export: every point of the collection (no filter), with its payload and its
   * dense vector (not the sparse one, which is recomputed from the text), from {@code offset}
   * (null: the first page) in point-id order.
   */
  static ScrollPoints exportPage(String collection, PointId offset, int limit) {
    ScrollPoints.Builder scroll =
        ScrollPoints.newBuilder()
            .setCollectionName(collection)
            .setLimit(limit)
            .setWithPayload(WithPayloadSelectorFactory.enable(true))
            .setWithVectors(WithVectorsSelectorFactory.include(List.of(QdrantPoints.DENSE)));
    if (offset != null) {
      scroll.setOffset(offset);
    }
    return scroll.build();
  }

  /** The stored versions of some points (payload field {@code version} only, no vectors). */
  static GetPoints versions(String collection, Collection<PointId> ids) {
    return GetPoints.newBuilder()
        .setCollectionName(collection)
        .addAllIds(ids)
        .setWithPayload(WithPayloadSelectorFactory.include(List.of(DocField.VERSION.stored())))
        .build();
  }

  /** Distinct values of a keyword field among points that do not carry {@code modelId}. */
  static FacetCounts otherModels(String collection, String key, String modelId) {
    return FacetCounts.newBuilder()
        .setCollectionName(collection)
        .setKey(key)
        .setFilter(Filter.newBuilder().addMustNot(matchKeyword(QdrantPoints.MODEL, modelId)))
        .setLimit(100_000)
        .setExact(true)
        .build();
  }

  static UpsertPoints upsert(String collection, List<PointStruct> points) {
    return UpsertPoints.newBuilder()
        .setCollectionName(collection)
        .addAllPoints(points)
        .setWait(true)
        .build();
  }

  static DeletePoints deleteIds(String collection, List<PointId> ids) {
    return DeletePoints.newBuilder()
        .setCollectionName(collection)
        .setPoints(PointsSelector.newBuilder().setPoints(PointsIdsList.newBuilder().addAllIds(ids)))
        .setWait(true)
        .build();
  }

  static DeletePoints deleteWhere(String collection, Filter filter) {
    return DeletePoints.newBuilder()
        .setCollectionName(collection)
        .setPoints(PointsSelector.newBuilder().setFilter(filter))
        .setWait(true)
        .build();
  }
}
