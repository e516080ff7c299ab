package dev.engram.recall.embedding;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.IntStream;

/**
 * A sentence-transformers model (BERT family) run in-process by ONNX Runtime with the HuggingFace
 * tokenizer: the model's pooling (mean over the attention mask, or the CLS token), then L2
 * normalisation, as sentence-transformers does. Batches texts of similar length together so padding
 * stays small. Thread-safe, including {@link #close()}: the session and the tokenizer are native,
 * and freeing them under a running batch crashed the JVM (SIGSEGV in libonnxruntime when the suite
 * stopped during a similar-batch request), so every use holds a read lock and close takes the write
 * lock; a call after close is refused with 503.
 */
final class OnnxEmbedder implements Embedder, AutoCloseable {

  /** How token vectors become one text vector; a model is trained with one of them. */
  enum Pooling {
    /** The mean of the token vectors the attention mask keeps (MiniLM). */
    MEAN,
    /** The vector of the first token, [CLS] (BGE). */
    CLS
  }

  /** Told about every model call, e.g. to time it. */
  interface BatchListener {
    void batchEmbedded(int texts, long nanos);
  }

  private final String modelId;
  private final Pooling pooling;
  private final int dimensions;
  private final int batchSize;
  private final OrtSession session;
  private final HuggingFaceTokenizer tokenizer;
  private final BatchListener listener;
  private final ReentrantReadWriteLock lifecycle = new ReentrantReadWriteLock();
  private boolean closed; // guarded by lifecycle

  /** How long close waits for running batches before it leaves the native memory to the OS. */
  static final long CLOSE_WAIT_SECONDS = 10;

  private OnnxEmbedder(
      String modelId,
      Pooling pooling,
      int dimensions,
      int batchSize,
      OrtSession session,
      HuggingFaceTokenizer tokenizer,
      BatchListener listener) {
    this.modelId = modelId;
    this.pooling = pooling;
    this.dimensions = dimensions;
    this.batchSize = batchSize;
    this.session = session;
    this.tokenizer = tokenizer;
    this.listener = listener;
  }

  /** Loads a model and its tokenizer.json; both streams are read fully and left open. */
  static OnnxEmbedder load(
      String modelId,
      Pooling pooling,
      InputStream model,
      InputStream tokenizerJson,
      Settings settings,
      BatchListener listener)
      throws IOException, OrtException {
    DjlOffline.enforce();
    TokenizerNativeLibrary.prepare();
    OrtTelemetry.disable();
    HuggingFaceTokenizer tokenizer =
        HuggingFaceTokenizer.newInstance(
            tokenizerJson,
            Map.of(
                "padding", "true", // to the longest text of the batch, not to max length
                "truncation", "true",
                "maxLength", Integer.toString(settings.maxSequenceLength())));
    OrtSession session;
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
      options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      options.setInterOpNumThreads(1);
      if (settings.threads() > 0) {
        options.setIntraOpNumThreads(settings.threads());
      }
      String spin = settings.spinning() ? "1" : "0";
      options.addConfigEntry("session.intra_op.allow_spinning", spin);
      options.addConfigEntry("session.inter_op.allow_spinning", spin);
      session = OrtEnvironment.getEnvironment().createSession(model.readAllBytes(), options);
    } catch (OrtException | RuntimeException e) {
      tokenizer.close();
      throw e;
    }
    int dimensions = outputDimensions(session);
    return new OnnxEmbedder(
        modelId, pooling, dimensions, settings.batchSize(), session, tokenizer, listener);
  }

  /** How the model runs. */
  record Settings(int batchSize, int threads, int maxSequenceLength, boolean spinning) {}

  @Override
  public String modelId() {
    return modelId;
  }

  @Override
  public int dimensions() {
    return dimensions;
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    float[][] out = new float[texts.size()][];
    // Sorting by length groups similar texts, so each batch pads to a similar length.
    Integer[] order =
        IntStream.range(0, texts.size())
            .boxed()
            .sorted(Comparator.comparingInt(i -> texts.get(i).length()))
            .toArray(Integer[]::new);
    for (int from = 0; from < order.length; from += batchSize) {
      Integer[] batch = Arrays.copyOfRange(order, from, Math.min(order.length, from + batchSize));
      List<String> batchTexts = new ArrayList<>(batch.length);
      for (Integer i : batch) {
        batchTexts.add(texts.get(i));
      }
      float[][] vectors = embedBatch(batchTexts);
      for (int j = 0; j < batch.length; j++) {
        out[batch[j]] = vectors[j];
      }
    }
    return Arrays.asList(out);
  }

  private float[][] embedBatch(List<String> texts) {
    Lock open = open();
    try {
      return embedBatchOpen(texts);
    } finally {
      open.unlock();
    }
  }

  private float[][] embedBatchOpen(List<String> texts) {
    long start = System.nanoTime();
    Encoding[] encodings = tokenizer.batchEncode(texts);
    int rows = encodings.length;
    int length = encodings[0].getIds().length; // padded to the longest of the batch
    long[][] ids = new long[rows][];
    long[][] mask = new long[rows][];
    long[][] types = new long[rows][];
    for (int i = 0; i < rows; i++) {
      ids[i] = encodings[i].getIds();
      mask[i] = encodings[i].getAttentionMask();
      types[i] = encodings[i].getTypeIds();
    }
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    try (OnnxTensor idTensor = OnnxTensor.createTensor(env, ids);
        OnnxTensor maskTensor = OnnxTensor.createTensor(env, mask);
        OnnxTensor typeTensor = OnnxTensor.createTensor(env, types);
        OrtSession.Result result =
            session.run(
                Map.of(
                    "input_ids", idTensor,
                    "attention_mask", maskTensor,
                    "token_type_ids", typeTensor))) {
      FloatBuffer hidden = ((OnnxTensor) result.get(0)).getFloatBuffer();
      float[][] vectors = new float[rows][];
      for (int i = 0; i < rows; i++) {
        vectors[i] =
            Vectors.unit(
                pooling == Pooling.CLS ? cls(hidden, i, length) : mean(hidden, i, length, mask[i]));
      }
      listener.batchEmbedded(rows, System.nanoTime() - start);
      return vectors;
    } catch (OrtException e) {
      throw new IllegalStateException("The embedding model failed: " + e.getMessage(), e);
    }
  }

  /** The first token's vector ([CLS]). */
  private float[] cls(FloatBuffer hidden, int row, int length) {
    float[] out = new float[dimensions];
    hidden.get(row * length * dimensions, out);
    return out;
  }

  /** Mean of the token vectors the attention mask keeps. */
  private float[] mean(FloatBuffer hidden, int row, int length, long[] mask) {
    float[] sum = new float[dimensions];
    int tokens = 0;
    int base = row * length * dimensions;
    for (int t = 0; t < length; t++) {
      if (mask[t] == 0) {
        continue;
      }
      tokens++;
      int offset = base + t * dimensions;
      for (int d = 0; d < dimensions; d++) {
        sum[d] += hidden.get(offset + d);
      }
    }
    for (int d = 0; d < dimensions; d++) {
      sum[d] /= Math.max(tokens, 1);
    }
    return sum;
  }

  /** Tokens the model sees of each text (after truncation), for usage reports. */
  int tokens(List<String> texts) {
    Lock open = open();
    try {
      int total = 0;
      for (Encoding e : tokenizer.batchEncode(texts)) {
        for (long m : e.getAttentionMask()) {
          total += (int) m;
        }
      }
      return total;
    } finally {
      open.unlock();
    }
  }

  /** The read lock, held while the native session or tokenizer is in use; refused once closed. */
  private Lock open() {
    Lock read = lifecycle.readLock();
    read.lock();
    if (closed) {
      read.unlock();
      throw new EngramException(
          RecallError.EMBEDDING_UNAVAILABLE,
          "The embedding model is closed: the service is stopping");
    }
    return read;
  }

  private static int outputDimensions(OrtSession session) throws OrtException {
    var info =
        (ai.onnxruntime.TensorInfo) session.getOutputInfo().values().iterator().next().getInfo();
    long[] shape = info.getShape();
    return (int) shape[shape.length - 1];
  }

  /**
   * Frees the native session and tokenizer once no batch runs. Batches that started before wait up
   * to {@link #CLOSE_WAIT_SECONDS}; if one is still running then (a stuck native call), the memory
   * is left to the process's exit rather than freed under it. Idempotent.
   */
  @Override
  public void close() {
    Lock write = lifecycle.writeLock();
    boolean locked;
    try {
      locked = write.tryLock(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      locked = false;
    }
    if (!locked) {
      return;
    }
    try {
      if (closed) {
        return;
      }
      closed = true;
      try {
        session.close();
      } catch (OrtException e) {
        // closing at shutdown; nothing left to do with a failure
      }
      tokenizer.close();
    } finally {
      write.unlock();
    }
  }
}
