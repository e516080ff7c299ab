package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.recall.RecallError;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.Visibility;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The adapter without a server: it starts anyway (not ready, with the reason), and every call fails
 * as index_unavailable within its deadline. This also runs the real gRPC stack (the client on the
 * Quarkus platform's gRPC and protobuf versions) up to the network, which is as far as these
 * machines allow; the contract suite against a real Qdrant is {@code QdrantIndexStoreTest}.
 */
class QdrantUnreachableTest {

  @Test
  void startsNotReadyAndFailsEveryCallAsUnavailable() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort(); // closed again: nothing listens there
    }
    var settings =
        new QdrantSettings(
            "127.0.0.1", port, false, Optional.empty(), "engram", Duration.ofMillis(500), 64, 40);
    try (var store = new QdrantIndexStore(settings, "m1", 4)) {
      var health = store.health();
      assertFalse(health.up());
      assertTrue(health.reason().contains("127.0.0.1:" + port), health.reason());
      assertEquals("qdrant", health.data().get("store"));
      var v = Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), Instant.now());
      var e = assertThrows(EngramException.class, () -> store.keyword("anything", v, 5));
      assertEquals(RecallError.INDEX_UNAVAILABLE, e.error());
      assertThrows(EngramException.class, () -> store.count("t1"));
    }
  }

  /** The vector is checked before the server is asked anything: a 400, not a 503. */
  @Test
  void aBadVectorIsRefusedBeforeTheServerIsAsked() throws IOException {
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    var settings =
        new QdrantSettings(
            "127.0.0.1", port, false, Optional.empty(), "engram", Duration.ofMillis(500), 64, 40);
    try (var store = new QdrantIndexStore(settings, "m1", 4)) {
      var doc = DocBuilder.memory("t1", 1, null, null, "a memory").build();
      var e =
          assertThrows(
              EngramException.class,
              () -> store.apply(List.of(new IndexOperation.Upsert(doc, new float[] {1f, 0f}))));
      assertEquals(RecallError.INVALID_VECTOR, e.error());
    }
  }
}
