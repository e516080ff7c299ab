package dev.engram.recall.index;

import static dev.engram.recall.index.IndexStoreFixtures.DIMENSIONS;

import dev.engram.recall.index.qdrant.QdrantIndexStore;
import dev.engram.recall.index.qdrant.QdrantSettings;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;

/**
 * The shared contract against a real Qdrant, only when {@code ENGRAM_TEST_QDRANT_URL} names one
 * (its gRPC address, e.g. http://localhost:6334; optional {@code ENGRAM_TEST_QDRANT_API_KEY}). Each
 * test gets a collection of its own, deleted afterwards. Without the variable the suite is skipped
 * and says so: no Qdrant can be installed on the build machines.
 */
class QdrantIndexStoreTest extends IndexStoreContract {

  static final String URL_VARIABLE = "ENGRAM_TEST_QDRANT_URL";

  private String collection;

  @BeforeAll
  static void requireQdrant() {
    String url = System.getenv(URL_VARIABLE);
    if (url == null || url.isBlank()) {
      System.out.println("Qdrant contract suite skipped: " + URL_VARIABLE + " not set");
    }
    Assumptions.assumeTrue(
        url != null && !url.isBlank(),
        "Qdrant contract suite skipped: " + URL_VARIABLE + " not set");
  }

  @Override
  IndexStore createStore() {
    collection = "engram_test_" + UUID.randomUUID().toString().replace("-", "");
    return open(LuceneIndexStoreTest.MODEL, DIMENSIONS);
  }

  @Override
  IndexStore reopen(String modelId, int dimensions) {
    store.close();
    return open(modelId, dimensions);
  }

  @AfterEach
  void dropCollection() throws Exception {
    QdrantSettings s = settings();
    var grpc = QdrantGrpcClient.newBuilder(s.host(), s.port(), s.tls(), false);
    s.apiKey().ifPresent(grpc::withApiKey);
    try (QdrantClient client = new QdrantClient(grpc.build())) {
      client.deleteCollectionAsync(collection, s.timeout()).get();
    }
  }

  private IndexStore open(String modelId, int dimensions) {
    return new QdrantIndexStore(settings(), modelId, dimensions);
  }

  private QdrantSettings settings() {
    URI uri = URI.create(System.getenv(URL_VARIABLE));
    return new QdrantSettings(
        uri.getHost(),
        uri.getPort() < 0 ? 6334 : uri.getPort(),
        "https".equals(uri.getScheme()),
        Optional.ofNullable(System.getenv("ENGRAM_TEST_QDRANT_API_KEY")),
        collection,
        Duration.ofSeconds(10),
        64,
        8);
  }
}
