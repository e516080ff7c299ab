package dev.engram.recall.index.qdrant;

import dev.engram.recall.index.DocField;
import dev.engram.recall.index.ModelGuard;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.grpc.Collections.CollectionInfo;
import io.qdrant.client.grpc.Points.FacetHit;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Bootstraps the collection: creates it with its vectors and payload indexes when missing, adds
 * payload indexes an older version did not create, and tells the {@link ModelGuard} which tenants
 * hold vectors of another model. Failures are kept and retried on the next use, so the service
 * starts (not ready) while Qdrant is down and recovers when it comes back.
 */
final class QdrantCollection {

  private static final Logger LOG = Logger.getLogger(QdrantCollection.class);

  private final QdrantClient client;
  private final QdrantCalls calls;
  private final QdrantSettings settings;
  private final ModelGuard guard;
  private final int dimensions;

  private volatile boolean ready;
  private volatile String failure;
  private volatile long vectorLength;

  QdrantCollection(
      QdrantClient client,
      QdrantCalls calls,
      QdrantSettings settings,
      ModelGuard guard,
      int dimensions) {
    this.client = client;
    this.calls = calls;
    this.settings = settings;
    this.guard = guard;
    this.dimensions = dimensions;
  }

  /** Why the collection is not usable, or null. */
  String failure() {
    return failure;
  }

  /** Bootstraps unless done; throws index_unavailable when Qdrant cannot be reached. */
  synchronized void ensure() {
    if (!ready) {
      bootstrap();
    }
  }

  /** Like {@link #ensure()}, but keeps a failure instead of throwing (start-up). */
  void tryEnsure() {
    try {
      ensure();
    } catch (RuntimeException e) {
      LOG.warnf("Qdrant collection %s not ready yet: %s", settings.collection(), failure);
    }
  }

  private void bootstrap() {
    String name = settings.collection();
    try {
      boolean exists =
          calls.await("collection check", client.collectionExistsAsync(name, settings.timeout()));
      if (!exists) {
        create();
      }
      CollectionInfo info =
          calls.await("collection info", client.getCollectionInfoAsync(name, settings.timeout()));
      vectorLength =
          info.getConfig()
              .getParams()
              .getVectorsConfig()
              .getParamsMap()
              .getMapOrThrow(QdrantPoints.DENSE)
              .getSize();
      for (var index : QdrantRequests.INDEXES.entrySet()) {
        if (!info.getPayloadSchemaMap().containsKey(index.getKey())) {
          calls.await(
              "payload index",
              client.createPayloadIndexAsync(
                  QdrantRequests.payloadIndex(name, index.getKey(), index.getValue()),
                  settings.timeout()));
        }
      }
      findOtherModels();
      ready = true;
      failure = null;
    } catch (RuntimeException e) {
      failure =
          "Qdrant collection "
              + name
              + " at "
              + settings.host()
              + ":"
              + settings.port()
              + " is not usable: "
              + calls.lastFailure();
      throw e;
    }
  }

  private void create() {
    String name = settings.collection();
    calls.await(
        "collection create",
        client.createCollectionAsync(
            QdrantRequests.createCollection(name, dimensions, guard.modelId()),
            settings.timeout()));
    LOG.infof("Created Qdrant collection %s (%d dimensions)", name, dimensions);
  }

  private void findOtherModels() {
    String name = settings.collection();
    Set<String> tenants = values(facet(DocField.TENANT.stored()));
    String others =
        values(facet(QdrantPoints.MODEL)).stream().sorted().collect(Collectors.joining(", "));
    long points = calls.await("count", client.countAsync(name, settings.timeout()));
    if (points == 0 && vectorLength != dimensions) {
      recreate(); // empty: adopt the configured model and vector length
    }
    guard.found(tenants, others, vectorLength != dimensions);
  }

  private List<FacetHit> facet(String key) {
    return calls.await(
        "facet",
        client.facetAsync(
            QdrantRequests.otherModels(settings.collection(), key, guard.modelId()),
            settings.timeout()));
  }

  private static Set<String> values(List<FacetHit> hits) {
    Set<String> values = new LinkedHashSet<>();
    hits.forEach(h -> values.add(h.getValue().getStringValue()));
    return values;
  }

  /**
   * Before the first upsert of a new vector length (every stale tenant reset by then, see {@link
   * ModelGuard}), the collection is created anew with the configured length.
   */
  synchronized void recreateIfVectorLengthChanged() {
    if (vectorLength != dimensions) {
      recreate();
    }
  }

  private void recreate() {
    String name = settings.collection();
    calls.await("collection delete", client.deleteCollectionAsync(name, settings.timeout()));
    create();
    for (Map.Entry<String, io.qdrant.client.grpc.Points.FieldType> index :
        QdrantRequests.INDEXES.entrySet()) {
      calls.await(
          "payload index",
          client.createPayloadIndexAsync(
              QdrantRequests.payloadIndex(name, index.getKey(), index.getValue()),
              settings.timeout()));
    }
    vectorLength = dimensions;
  }
}
