package dev.engram.recall.index.qdrant;

import dev.engram.recall.index.IndexSnapshot;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.Points.RetrievedPoint;
import io.qdrant.client.grpc.Points.ScrollResponse;
import java.io.IOException;
import java.util.function.Function;

/**
 * An export of a Qdrant collection, page by page through the scroll API. Qdrant has no snapshot
 * isolation for scrolls: points written while the export runs may or may not be in it (the index is
 * a projection, so a restore converges through capture's outbox either way).
 */
final class QdrantSnapshot implements IndexSnapshot {

  private final String collection;
  private final int pageSize;
  private final String model;
  private final Function<io.qdrant.client.grpc.Points.ScrollPoints, ScrollResponse> scroll;

  QdrantSnapshot(
      String collection,
      int pageSize,
      String model,
      Function<io.qdrant.client.grpc.Points.ScrollPoints, ScrollResponse> scroll) {
    this.collection = collection;
    this.pageSize = pageSize;
    this.model = model;
    this.scroll = scroll;
  }

  @Override
  public String model() {
    return model;
  }

  @Override
  public void forEach(Visitor visitor) throws IOException {
    PointId offset = null;
    do {
      ScrollResponse page = scroll.apply(QdrantRequests.exportPage(collection, offset, pageSize));
      for (RetrievedPoint p : page.getResultList()) {
        visitor.accept(
            QdrantPoints.document(p.getPayloadMap()), QdrantPoints.dense(p.getVectors()));
      }
      offset = page.hasNextPageOffset() ? page.getNextPageOffset() : null;
    } while (offset != null);
  }

  @Override
  public void close() {
    // nothing held between pages
  }
}
