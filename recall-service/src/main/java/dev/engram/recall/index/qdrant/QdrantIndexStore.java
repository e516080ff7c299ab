package dev.engram.recall.index.qdrant;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.embedding.Vectors;
import dev.engram.recall.index.ApplyResult;
import dev.engram.recall.index.DocField;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.ImportSource;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexSnapshot;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.ModelGuard;
import dev.engram.recall.index.Page;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.StoreHealth;
import dev.engram.recall.index.TextTerms;
import dev.engram.recall.index.VectorRule;
import dev.engram.recall.index.Visibility;
import io.qdrant.client.ConditionFactory;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.ScoredPoint;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.analysis.Analyzer;

/**
 * The index in a Qdrant collection: a named dense vector (cosine) and a named sparse BM25 vector
 * (IDF modifier, term weights computed here with the Lucene adapter's analyzer), payload indexes
 * for the filtered fields, tenant as the tenant key. The collection is created on first use; the
 * lists it returns are fused by the same code as Lucene's. Unlike Lucene, Qdrant has no
 * transactions: a batch that fails half-way stays half-applied, and re-sending it (the outbox does)
 * converges because every write is idempotent by version.
 */
public final class QdrantIndexStore implements IndexStore {

  private final QdrantSettings settings;
  private final String collection;
  private final int dimensions;
  private final ModelGuard guard;
  private final Analyzer analyzer = TextTerms.analyzer();
  private final SparseVectors sparse;
  private final QdrantClient client;
  private final QdrantCalls calls;
  private final QdrantCollection bootstrap;
  private final ReentrantLock writes = new ReentrantLock();

  public QdrantIndexStore(QdrantSettings settings, String modelId, int dimensions) {
    this.settings = settings;
    this.collection = settings.collection();
    this.dimensions = dimensions;
    this.guard = new ModelGuard(modelId);
    this.sparse = new SparseVectors(analyzer, settings.bm25AverageLength());
    // The last flag switches off the client's server-version check, which calls the server at
    // construction; the deadline applies to every call of the client.
    QdrantGrpcClient.Builder grpc =
        QdrantGrpcClient.newBuilder(settings.host(), settings.port(), settings.tls(), false)
            .withTimeout(settings.timeout());
    settings.apiKey().ifPresent(grpc::withApiKey);
    this.client = new QdrantClient(grpc.build());
    this.calls = new QdrantCalls(settings.timeout());
    this.bootstrap = new QdrantCollection(client, calls, settings, guard, dimensions);
    bootstrap.tryEnsure();
  }

  @Override
  public ApplyResult apply(List<IndexOperation> operations) {
    VectorRule.check(operations, dimensions);
    writes.lock();
    try {
      bootstrap.ensure();
      guard.checkWrite(operations);
      var plan =
          QdrantBatch.plan(
              operations,
              storedVersions(QdrantBatch.lookups(operations)),
              u ->
                  QdrantPoints.point(
                      u.document(),
                      Vectors.unit(u.vector().clone()),
                      sparse.document(u.document().text()),
                      guard.modelId()));
      for (QdrantBatch.Write write : plan.writes()) {
        write(write);
      }
      guard.applied(operations);
      return plan.result();
    } finally {
      writes.unlock();
    }
  }

  @Override
  public IndexSnapshot snapshot() {
    bootstrap.ensure();
    if (guard.mixed()) {
      throw guard.exportRefused();
    }
    return new QdrantSnapshot(
        collection,
        settings.batchSize(),
        guard.modelId(),
        request -> calls.await("export", client.scrollAsync(request, settings.timeout())));
  }

  @Override
  public ImportCounts load(ImportSource source, boolean replace, boolean dryRun) {
    writes.lock();
    try {
      bootstrap.ensure();
      var load =
          new QdrantLoad(
              new QdrantLoad.Target() {
                @Override
                public Map<PointId, Long> versions(Collection<PointId> ids) {
                  return storedVersions(ids);
                }

                @Override
                public void deleteTenant(String tenant) {
                  write(new QdrantBatch.Write.DeleteTenant(tenant));
                }

                @Override
                public void upsert(List<io.qdrant.client.grpc.Points.PointStruct> points) {
                  write(new QdrantBatch.Write.Upsert(points));
                }
              },
              guard,
              u ->
                  QdrantPoints.point(
                      u.document(),
                      Vectors.unit(u.vector().clone()),
                      sparse.document(u.document().text()),
                      guard.modelId()),
              settings.batchSize(),
              replace,
              dryRun);
      try {
        return load.run(source);
      } finally {
        if (!dryRun) {
          guard.applied(load.resets()); // the deletes happened, whatever followed
        }
      }
    } finally {
      writes.unlock();
    }
  }

  private void write(QdrantBatch.Write write) {
    switch (write) {
      case QdrantBatch.Write.Upsert u -> {
        bootstrap.recreateIfVectorLengthChanged();
        List<io.qdrant.client.grpc.Points.PointStruct> points = u.points();
        for (int from = 0; from < points.size(); from += settings.batchSize()) {
          var chunk = points.subList(from, Math.min(points.size(), from + settings.batchSize()));
          calls.await(
              "upsert",
              client.upsertAsync(QdrantRequests.upsert(collection, chunk), settings.timeout()));
        }
      }
      case QdrantBatch.Write.DeleteIds d ->
          calls.await(
              "delete",
              client.deleteAsync(
                  QdrantRequests.deleteIds(collection, d.ids()), settings.timeout()));
      case QdrantBatch.Write.DeleteTenant r ->
          calls.await(
              "reset",
              client.deleteAsync(
                  QdrantRequests.deleteWhere(collection, QdrantFilters.tenant(r.tenant())),
                  settings.timeout()));
    }
  }

  private Map<PointId, Long> storedVersions(Collection<PointId> ids) {
    Map<PointId, Long> versions = new HashMap<>();
    if (ids.isEmpty()) {
      return versions;
    }
    var points =
        calls.await(
            "version lookup",
            client.retrieveAsync(QdrantRequests.versions(collection, ids), settings.timeout()));
    points.forEach(
        p ->
            versions.put(
                p.getId(), p.getPayloadMap().get(DocField.VERSION.stored()).getIntegerValue()));
    return versions;
  }

  @Override
  public List<SearchHit> dense(float[] vector, Visibility visibility, int limit) {
    Optional<Filter> filter = readable(visibility, QdrantFilters.visibility(visibility));
    if (filter.isEmpty()) {
      return List.of();
    }
    float[] unit = Vectors.unit(vector.clone());
    return query(QdrantRequests.dense(collection, unit, filter.get(), limit));
  }

  @Override
  public List<SearchHit> keyword(String text, Visibility visibility, int limit) {
    Optional<Filter> filter = readable(visibility, QdrantFilters.visibility(visibility));
    SparseVectors.Sparse query = sparse.query(text);
    if (filter.isEmpty() || query.isEmpty()) {
      return List.of();
    }
    return query(QdrantRequests.sparse(collection, query, filter.get(), limit));
  }

  private List<SearchHit> query(QueryPoints request) {
    List<ScoredPoint> points = calls.await("query", client.queryAsync(request, settings.timeout()));
    List<SearchHit> hits = new ArrayList<>(points.size());
    for (ScoredPoint p : points) {
      hits.add(new SearchHit(QdrantPoints.document(p.getPayloadMap()), p.getScore()));
    }
    return hits;
  }

  @Override
  public List<IndexDocument> get(Collection<DocKey> keys, Visibility visibility) {
    Optional<Filter> filter = readable(visibility, QdrantFilters.keys(visibility, keys));
    if (filter.isEmpty() || keys.isEmpty()) {
      return List.of();
    }
    return scroll(QdrantRequests.scroll(collection, filter.get(), keys.size()));
  }

  @Override
  public Page byConfidence(Visibility visibility, int limit) {
    Optional<Filter> filter = readable(visibility, QdrantFilters.visibility(visibility));
    if (filter.isEmpty()) {
      return new Page(List.of(), 0);
    }
    var documents =
        scroll(QdrantRequests.byConfidence(collection, filter.get(), Math.max(1, limit)));
    return new Page(documents, count(filter.get()));
  }

  private List<IndexDocument> scroll(io.qdrant.client.grpc.Points.ScrollPoints request) {
    return calls
        .await("scroll", client.scrollAsync(request, settings.timeout()))
        .getResultList()
        .stream()
        .map(p -> QdrantPoints.document(p.getPayloadMap()))
        .toList();
  }

  /** The filter, once the collection exists and the tenant holds no vectors of another model. */
  private Optional<Filter> readable(Visibility visibility, Optional<Filter> filter) {
    bootstrap.ensure();
    guard.checkRead(visibility.tenant());
    return filter;
  }

  @Override
  public long count(DocKind kind) {
    bootstrap.ensure();
    return count(
        Filter.newBuilder()
            .addMust(ConditionFactory.matchKeyword(DocField.KIND.stored(), kind.wire()))
            .build());
  }

  @Override
  public long count(String tenant) {
    bootstrap.ensure();
    return count(QdrantFilters.tenant(tenant));
  }

  private long count(Filter filter) {
    return calls.await("count", client.countAsync(collection, filter, true, settings.timeout()));
  }

  @Override
  public StoreHealth health() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("store", "qdrant");
    data.put("address", settings.host() + ":" + settings.port());
    data.put("collection", collection);
    try {
      calls.await("health check", client.healthCheckAsync(settings.timeout()));
      bootstrap.ensure();
      data.putAll(guard.describe());
      data.put(
          "documents", calls.await("count", client.countAsync(collection, settings.timeout())));
      return new StoreHealth(true, null, data);
    } catch (RuntimeException e) {
      data.put("model", guard.modelId());
      String reason = bootstrap.failure();
      return new StoreHealth(
          false, reason != null ? reason : "Qdrant does not answer: " + e.getMessage(), data);
    }
  }

  @Override
  public void close() {
    client.close();
    analyzer.close();
  }
}
