package dev.engram.recall.index;

import java.time.Instant;
import java.util.List;
import java.util.Set;

/** Documents, visibilities and hand-made unit vectors for the index store tests. */
final class IndexStoreFixtures {

  static final int DIMENSIONS = 16;
  static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  private IndexStoreFixtures() {}

  static Visibility visible(String tenant, String agent, String chat) {
    return new Visibility(tenant, agent, chat, Set.of(DocKind.values()), NOW);
  }

  static IndexOperation.Upsert upsert(IndexDocument doc, float[] vector) {
    return new IndexOperation.Upsert(doc, vector);
  }

  static IndexDocument memory(
      String tenant, long id, Scope scope, String agent, String chat, String text) {
    return new IndexDocument(
        tenant,
        DocKind.MEMORY,
        id,
        1,
        agent,
        chat,
        null,
        null,
        scope,
        "KNOWLEDGE",
        Status.ACTIVE,
        null,
        null,
        text,
        0.8,
        NOW.minusSeconds(3600),
        null,
        null);
  }

  static IndexDocument exchange(String tenant, long id, String agent, String chat, String text) {
    return new IndexDocument(
        tenant,
        DocKind.EXCHANGE,
        id,
        1,
        agent,
        chat,
        null,
        "s-1",
        Scope.CHAT,
        null,
        Status.ACTIVE,
        "alice",
        "user",
        text,
        null,
        NOW.minusSeconds(60),
        null,
        null);
  }

  static IndexDocument versioned(IndexDocument d, long version) {
    return new IndexDocument(
        d.tenant(),
        d.kind(),
        d.id(),
        version,
        d.agent(),
        d.chat(),
        d.thread(),
        d.session(),
        d.scope(),
        d.category(),
        d.status(),
        d.speaker(),
        d.role(),
        d.text(),
        d.confidence(),
        d.createdAt(),
        d.expiresAt(),
        d.metadata());
  }

  static IndexDocument with(IndexDocument d, Status status, Instant expiresAt) {
    return new IndexDocument(
        d.tenant(),
        d.kind(),
        d.id(),
        d.version(),
        d.agent(),
        d.chat(),
        d.thread(),
        d.session(),
        d.scope(),
        d.category(),
        status,
        d.speaker(),
        d.role(),
        d.text(),
        d.confidence(),
        d.createdAt(),
        expiresAt,
        d.metadata());
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
