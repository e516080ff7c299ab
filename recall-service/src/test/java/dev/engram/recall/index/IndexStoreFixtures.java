package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Documents, visibilities and hand-made unit vectors for the index store tests. */
final class IndexStoreFixtures {

  static final int DIMENSIONS = 16;
  static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  private IndexStoreFixtures() {}

  static Visibility visible(String tenant, String agent, String chat) {
    return Visibility.of(tenant, agent, chat, Set.of(DocKind.values()), NOW);
  }

  static IndexOperation.Upsert upsert(IndexDocument doc, float[] vector) {
    return new IndexOperation.Upsert(doc, vector);
  }

  static IndexDocument memory(
      String tenant, long id, Scope scope, String agent, String chat, String text) {
    DocBuilder b = DocBuilder.memory(tenant, id, agent, chat, text);
    b.scope = scope;
    return b.build();
  }

  static IndexDocument exchange(String tenant, long id, String agent, String chat, String text) {
    return DocBuilder.exchange(tenant, id, agent, chat, text).build();
  }

  static IndexDocument versioned(IndexDocument d, long version) {
    return DocBuilder.from(d).version(version).build();
  }

  static IndexDocument with(IndexDocument d, Status status, Instant expiresAt) {
    return DocBuilder.from(d).status(status).expires(expiresAt).build();
  }

  static float[] axis(int i) {
    float[] v = new float[DIMENSIONS];
    v[i] = 1f;
    return v;
  }

  /** A unit vector between two axes: weight on {@code b}, 1 - weight on {@code a}. */
  static float[] mix(int a, int b, double weight) {
    float[] v = new float[DIMENSIONS];
    v[a] = (float) (1 - weight);
    v[b] = (float) weight;
    double norm = Math.sqrt(v[a] * v[a] + v[b] * v[b]);
    v[a] /= (float) norm;
    v[b] /= (float) norm;
    return v;
  }

  static double cosine(float[] a, float[] b) {
    double dot = 0;
    for (int i = 0; i < a.length; i++) {
      dot += a[i] * b[i];
    }
    return dot;
  }

  static List<Long> ids(List<SearchHit> hits) {
    return hits.stream().map(h -> h.document().id()).toList();
  }
}
