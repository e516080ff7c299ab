package dev.engram.recall.recall;

import dev.engram.common.warmup.WarmupStep;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.EmbeddingModel;
import dev.engram.recall.index.Filters;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Warms recall's whole pipeline before recall-service reports ready: the query embedding, every
 * index list, both fusions, the evidence rules and the fold, over a throw-away Lucene index of a
 * few hundred made-up memories and turns in a temporary directory (never the real index, so no
 * tenant's data, statistics or usage counts are touched). Without it the first hundred recalls
 * after a start cost 2–3 times the CPU of a warm one. The graph is left out here: graph-service
 * warms its own statements.
 */
@ApplicationScoped
class RecallWarmup implements WarmupStep {

  private static final String TENANT = "engram-warm-up";
  private static final String AGENT = "warm-up";
  private static final String[] CHATS = {"warm-up:1", "warm-up:2"};
  private static final String[] PEOPLE = {"Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah"};
  private static final String[] PLACES = {"Lisbon", "Porto", "Lyon", "Vancouver", "Accra", "Oslo"};
  private static final String[] THINGS = {
    "green tea", "the cello", "a blue bicycle", "watercolours", "old vinyl records", "sourdough"
  };
  private static final String[] VERBS = {"likes", "bought", "talked about", "is learning", "lost"};
  private static final int DOCUMENTS = 240;
  private static final int RECALLS_PER_ROUND = 5;

  private final RecallConfig config;
  private final EmbeddingModel embedder;
  private Path directory;
  private IndexStore store;
  private HybridRecall engine;

  RecallWarmup(RecallConfig config, EmbeddingModel embedder) {
    this.config = config;
    this.embedder = embedder;
  }

  @Override
  public String name() {
    return "recall";
  }

  @Override
  public void run(int round) throws IOException {
    if (engine == null) {
      open();
    }
    for (int i = 0; i < RECALLS_PER_ROUND; i++) {
      int n = round * RECALLS_PER_ROUND + i;
      String text =
          switch (n % 4) {
            case 0 -> "What does " + PEOPLE[n % PEOPLE.length] + " like?";
            case 1 -> "Who talked about " + THINGS[n % THINGS.length] + " in " + month(n) + "?";
            case 2 -> "where does " + PEOPLE[(n + 1) % PEOPLE.length] + " live now";
            default -> PLACES[n % PLACES.length] + " " + THINGS[(n + 2) % THINGS.length];
          };
      engine.recall(
          new RecallQuery(
              TENANT,
              AGENT,
              CHATS[n % CHATS.length],
              null,
              text,
              n % 3 == 0 ? 5 : 10,
              Set.of(DocKind.values()),
              Filters.NONE,
              null),
          Instant.now());
    }
  }

  private void open() throws IOException {
    directory = Files.createTempDirectory("engram-recall-warm-up");
    store = new LuceneIndexStore(directory, embedder.modelId(), embedder.dimensions());
    List<IndexDocument> documents = documents(Instant.now());
    List<IndexOperation> upserts = new ArrayList<>(documents.size());
    for (int from = 0; from < documents.size(); from += 32) {
      List<IndexDocument> batch = documents.subList(from, Math.min(documents.size(), from + 32));
      List<float[]> vectors = embedder.embed(batch.stream().map(IndexDocument::text).toList());
      for (int i = 0; i < batch.size(); i++) {
        upserts.add(new IndexOperation.Upsert(batch.get(i), vectors.get(i)));
      }
    }
    store.apply(upserts);
    engine =
        new HybridRecall(
            store,
            embedder,
            null,
            RecallSettings.of(config, embedder.semanticFloor()),
            (stage, nanos) -> {},
            Runnable::run);
  }

  /** Turns of a few sessions and memories made from them, over the last two months. */
  private static List<IndexDocument> documents(Instant now) {
    List<IndexDocument> docs = new ArrayList<>(DOCUMENTS);
    for (int i = 0; i < DOCUMENTS; i++) {
      String person = PEOPLE[i % PEOPLE.length];
      String text =
          person
              + " "
              + VERBS[i % VERBS.length]
              + " "
              + THINGS[(i / 2) % THINGS.length]
              + " in "
              + PLACES[(i / 3) % PLACES.length]
              + " in "
              + month(i)
              + (i % 5 == 0 ? ", and said it was the best day of the year." : ".");
      boolean turn = i % 2 == 0;
      Instant at = now.minusSeconds(60L * 60 * 6 * (DOCUMENTS - i));
      docs.add(
          new IndexDocument(
              TENANT,
              turn ? DocKind.EXCHANGE : DocKind.MEMORY,
              (long) i + 1,
              1L,
              AGENT,
              CHATS[i % CHATS.length],
              null,
              turn ? "s-" + (i / 20) : null,
              Scope.CHAT,
              turn ? null : (i % 3 == 0 ? "PROFILE" : "EVENT"),
              Status.ACTIVE,
              turn ? person.toLowerCase(java.util.Locale.ROOT) : null,
              turn ? (i % 4 == 0 ? "user" : "assistant") : null,
              text,
              turn ? null : 0.8,
              at,
              null,
              null,
              null,
              turn ? null : "remember",
              turn || i < 2 ? List.of() : List.of((long) i),
              Map.of(),
              null));
    }
    return docs;
  }

  private static String month(int n) {
    return List.of("May", "June", "July", "last week", "2025", "March").get(n % 6);
  }

  @Override
  public void close() {
    engine = null;
    if (store != null) {
      store.close();
      store = null;
    }
    if (directory != null) {
      try (Stream<Path> files = Files.walk(directory)) {
        files.sorted(Comparator.reverseOrder()).forEach(RecallWarmup::delete);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      directory = null;
    }
  }

  private static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
