package dev.engram.recall.embedding;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The bundled model behaves like sentence-transformers' all-MiniLM-L6-v2. A {@code @QuarkusTest}
 * only so the tokenizer's native library loads in the same class loader as the other tests' app (a
 * JVM loads a native library into one class loader only).
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class OnnxEmbedderTest {

  private static final AtomicInteger CALLS = new AtomicInteger();
  private static OnnxEmbedder embedder;
  private static OnnxEmbedder bge;

  @BeforeAll
  static void load() throws Exception {
    embedder =
        LocalModel.ALL_MINILM_L6_V2_Q.load(
            new OnnxEmbedder.Settings(4, 2, 256, false), (texts, nanos) -> CALLS.incrementAndGet());
    bge =
        LocalModel.BGE_SMALL_EN_V15_Q.load(
            new OnnxEmbedder.Settings(4, 2, 256, false), (t, n) -> {});
  }

  @AfterAll
  static void close() {
    embedder.close();
    bge.close();
  }

  @Test
  void spinningAndTheThreadCountChangeNoVector() throws Exception {
    List<String> texts =
        List.of("Alice lives in Porto", "a second, longer sentence about the quarterly report");
    List<float[]> reference = embedder.embed(texts);
    try (OnnxEmbedder spinning =
            LocalModel.ALL_MINILM_L6_V2_Q.load(
                new OnnxEmbedder.Settings(4, 2, 256, true), (t, n) -> {});
        OnnxEmbedder oneThread =
            LocalModel.ALL_MINILM_L6_V2_Q.load(
                new OnnxEmbedder.Settings(4, 1, 256, false), (t, n) -> {})) {
      for (OnnxEmbedder other : List.of(spinning, oneThread)) {
        List<float[]> vectors = other.embed(texts);
        for (int i = 0; i < texts.size(); i++) {
          assertArrayEquals(reference.get(i), vectors.get(i), texts.get(i));
        }
      }
    }
  }

  @Test
  void vectorsHaveTheModelsDimensionsAndUnitLength() {
    List<float[]> vectors = embedder.embed(List.of("hello world", "a second, longer sentence"));
    assertEquals(2, vectors.size());
    for (float[] v : vectors) {
      assertEquals(384, v.length);
      assertEquals(1.0, dot(v, v), 1e-4);
    }
  }

  @Test
  void paraphrasesAreCloserThanUnrelatedSentences() {
    List<float[]> v =
        embedder.embed(
            List.of(
                "The cat sits on the mat",
                "A cat is sitting on a mat",
                "The quarterly tax report is due in April"));
    double paraphrase = dot(v.get(0), v.get(1));
    double unrelated = dot(v.get(0), v.get(2));
    assertTrue(paraphrase > 0.7, "paraphrase cosine " + paraphrase);
    assertTrue(unrelated < 0.2, "unrelated cosine " + unrelated);
    assertTrue(paraphrase - unrelated > 0.5, paraphrase + " vs " + unrelated);
  }

  @Test
  void bgeSmallWithClsPoolingRanksParaphrasesAboveUnrelatedText() {
    assertEquals("bge-small-en-v1.5-q", bge.modelId());
    assertEquals(384, bge.dimensions());
    List<float[]> v =
        bge.embed(
            List.of(
                "The cat sits on the mat",
                "A cat is sitting on a mat",
                "The quarterly tax report is due in April",
                "Where does Alice live?",
                "Alice lives in Porto"));
    for (float[] x : v) {
      assertEquals(1.0, dot(x, x), 1e-4);
    }
    double paraphrase = dot(v.get(0), v.get(1));
    double unrelated = dot(v.get(0), v.get(2));
    // BGE's cosines crowd higher than MiniLM's (unrelated text scores ~0.4-0.5), so the margin,
    // not the absolute value, is what shows the pooling is right.
    assertTrue(paraphrase > 0.85, "paraphrase cosine " + paraphrase);
    assertTrue(paraphrase - unrelated > 0.25, paraphrase + " vs " + unrelated);
    assertTrue(dot(v.get(3), v.get(4)) > dot(v.get(3), v.get(2)), "question nearer its answer");
  }

  @Test
  void bothModelsAnswerQuestionsWithTheirAnswers() {
    for (OnnxEmbedder model : List.of(embedder, bge)) {
      List<float[]> v =
          model.embed(
              List.of(
                  "What pet does Bob have?",
                  "Bob has a small grey cat.",
                  "Bob's car is a red hatchback."));
      assertTrue(
          dot(v.get(0), v.get(1)) > dot(v.get(0), v.get(2)), model.modelId() + ": pet over car");
    }
  }

  @Test
  void batchingKeepsOrderAndBarelyMovesAVector() {
    String text = "Alice adopted a golden retriever puppy last spring";
    float[] alone = embedder.embed(List.of(text)).getFirst();
    List<String> texts = new ArrayList<>();
    texts.add("short");
    texts.add(text);
    texts.add("a much longer text that forces padding of the shorter ones in the same batch");
    for (int i = 0; i < 7; i++) {
      texts.add("filler number " + i);
    }
    List<float[]> batch = embedder.embed(texts);
    assertEquals(texts.size(), batch.size());
    // The int8 model quantises activations per batch (DynamicQuantizeLinear), so batch mates
    // nudge a vector slightly (measured cosine ~0.99); a mix-up of rows would score far lower.
    assertTrue(dot(alone, batch.get(1)) > 0.98, "same text, nearly the same vector in a batch");
    for (int i = 0; i < texts.size(); i++) {
      float[] single = embedder.embed(List.of(texts.get(i))).getFirst();
      assertTrue(dot(single, batch.get(i)) > 0.98, "result " + i + " is in input order");
    }
  }

  @Test
  void aTextEmbeddedAloneHasOneVectorWhateverItIsSentWith() throws Exception {
    List<String> texts = variedTexts(300);
    try (OnnxEmbedder alone =
        LocalModel.ALL_MINILM_L6_V2_Q.load(
            new OnnxEmbedder.Settings(1, 2, 256, false), (t, n) -> {})) {
      List<float[]> inOrder = alone.embed(texts);
      List<String> reversed = new ArrayList<>(texts.reversed());
      List<float[]> backwards = alone.embed(reversed);
      List<float[]> inChunks = new ArrayList<>();
      for (int from = 0; from < texts.size(); from += 7) {
        inChunks.addAll(alone.embed(texts.subList(from, Math.min(texts.size(), from + 7))));
      }
      for (int i = 0; i < texts.size(); i++) {
        assertArrayEquals(inOrder.get(i), backwards.get(texts.size() - 1 - i), texts.get(i));
        assertArrayEquals(inOrder.get(i), inChunks.get(i), texts.get(i));
      }
      // A batch of several texts is quantised as a whole (DynamicQuantizeLinear takes one scale
      // per tensor, padding included), so regrouping the texts of a batch cannot keep its vectors
      // within float tolerance: 300 texts in batches of 4 move by more than 1e-3 somewhere while
      // staying the same text's vector (cosine above 0.95).
      List<float[]> batched = embedder.embed(texts);
      double maxDifference = 0;
      for (int i = 0; i < texts.size(); i++) {
        assertTrue(dot(inOrder.get(i), batched.get(i)) > 0.95, texts.get(i));
        for (int d = 0; d < 384; d++) {
          maxDifference = Math.max(maxDifference, Math.abs(inOrder.get(i)[d] - batched.get(i)[d]));
        }
      }
      assertTrue(maxDifference > 1e-3, "batch mates move vectors by " + maxDifference);
    }
  }

  /** Seeded sentences of 3 to 60 words, like memories and turns vary in length. */
  static List<String> variedTexts(int count) {
    String[] words =
        ("Alice Bob Porto Lisbon harbour crane ship cargo budget release deadline moved adopted"
                + " puppy quarterly report allergic peanuts meeting Tuesday prefers tea coffee"
                + " project slipped because the database migration failed again and again while"
                + " everyone waited for the review of the new design in the office near the river")
            .split(" ");
    java.util.SplittableRandom random = new java.util.SplittableRandom(14);
    List<String> texts = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int length = 3 + random.nextInt(random.nextInt(4) == 0 ? 58 : 20);
      StringBuilder text = new StringBuilder();
      for (int w = 0; w < length; w++) {
        text.append(w == 0 ? "" : " ").append(words[random.nextInt(words.length)]);
      }
      texts.add(text.append('.').toString());
    }
    return texts;
  }

  @Test
  void splitsIntoBatchesOfTheConfiguredSize() {
    int before = CALLS.get();
    embedder.embed(List.of("one", "two", "three", "four", "five", "six", "seven", "eight", "nine"));
    assertEquals(3, CALLS.get() - before, "9 texts in batches of 4");
  }

  @Test
  void truncatesTextsLongerThanTheModelsMaximum() {
    String longText = "memory ".repeat(5000);
    float[] v = embedder.embed(List.of(longText)).getFirst();
    assertEquals(384, v.length);
    assertEquals(1.0, dot(v, v), 1e-4);
  }

  @Test
  void onnxRuntimeTelemetryIsSwitchedOffBeforeTheRuntimeStarts() {
    assertEquals("1", OrtTelemetry.nativeValue(), "ORT_DISABLE_TELEMETRY as native code sees it");
  }

  static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }

  @Test
  void closingWhileBatchesRunWaitsForThemAndRefusesLaterCalls() throws Exception {
    OnnxEmbedder closing =
        LocalModel.ALL_MINILM_L6_V2_Q.load(
            new OnnxEmbedder.Settings(4, 1, 256, false), (t, n) -> {});
    List<String> texts = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      texts.add("sentence number " + i + " about the harbour, the crane and the ship's cargo");
    }
    List<Throwable> unexpected = java.util.Collections.synchronizedList(new ArrayList<>());
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger batches = new AtomicInteger();
    List<Thread> callers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      callers.add(
          Thread.ofPlatform()
              .start(
                  () -> {
                    try {
                      while (true) {
                        closing.embed(texts);
                        batches.incrementAndGet();
                      }
                    } catch (EngramException e) {
                      if (e.error() == RecallError.EMBEDDING_UNAVAILABLE) {
                        refused.incrementAndGet();
                      } else {
                        unexpected.add(e);
                      }
                    } catch (Throwable e) {
                      unexpected.add(e);
                    }
                  }));
    }
    while (batches.get() < 2) {
      Thread.sleep(10);
    }
    // Freeing the native session under a running batch crashed the JVM (SIGSEGV): close must
    // wait for the batches in flight, and every later call must get a 503, not a freed session.
    closing.close();
    for (Thread caller : callers) {
      caller.join(30_000);
    }
    assertEquals(List.of(), unexpected);
    assertEquals(2, refused.get());
    EngramException after =
        org.junit.jupiter.api.Assertions.assertThrows(
            EngramException.class, () -> closing.embed(List.of("after close")));
    assertEquals(503, after.error().status());
    closing.close(); // idempotent
  }
}
