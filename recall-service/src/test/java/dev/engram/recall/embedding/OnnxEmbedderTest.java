package dev.engram.recall.embedding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
class OnnxEmbedderTest {

  private static final AtomicInteger CALLS = new AtomicInteger();
  private static OnnxEmbedder embedder;

  @BeforeAll
  static void load() throws Exception {
    embedder =
        MiniLmModel.load(
            new OnnxEmbedder.Settings(4, 2, 256), (texts, nanos) -> CALLS.incrementAndGet());
  }

  @AfterAll
  static void close() {
    embedder.close();
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
}
