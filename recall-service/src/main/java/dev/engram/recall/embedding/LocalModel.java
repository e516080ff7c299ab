package dev.engram.recall.embedding;

import ai.onnxruntime.OrtException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The local models, each from a Maven Central jar (dev.langchain4j:langchain4j-embeddings-...) that
 * carries the int8-quantised ONNX file and its tokenizer.json on the classpath: nothing is
 * downloaded at run time. Pooling follows each model's sentence-transformers configuration.
 */
enum LocalModel {
  /** all-MiniLM-L6-v2: mean pooling. The default: fastest, good general recall. */
  ALL_MINILM_L6_V2_Q("all-minilm-l6-v2-q", OnnxEmbedder.Pooling.MEAN, 0.20),

  /** bge-small-en-v1.5: CLS pooling; its cosines crowd higher, so its floor is higher too. */
  BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", OnnxEmbedder.Pooling.CLS, 0.45);

  private final String id;
  private final OnnxEmbedder.Pooling pooling;
  private final double semanticFloor;

  LocalModel(String id, OnnxEmbedder.Pooling pooling, double semanticFloor) {
    this.id = id;
    this.pooling = pooling;
    this.semanticFloor = semanticFloor;
  }

  /** The id stored with every vector (and in the index's commit data). */
  String id() {
    return id;
  }

  /** A cosine below which a hit is noise for this model in a large corpus (provisional). */
  double semanticFloor() {
    return semanticFloor;
  }

  static LocalModel of(String id) {
    for (LocalModel model : values()) {
      if (model.id.equals(id)) {
        return model;
      }
    }
    throw new IllegalArgumentException(
        "engram.recall.embedding.model: unknown local model "
            + id
            + "; choose one of "
            + Arrays.stream(values()).map(LocalModel::id).collect(Collectors.joining(", ")));
  }

  OnnxEmbedder load(OnnxEmbedder.Settings settings, OnnxEmbedder.BatchListener listener)
      throws IOException, OrtException {
    try (InputStream model = resource(id + ".onnx");
        InputStream tokenizer = resource(id + "-tokenizer.json")) {
      return OnnxEmbedder.load(id, pooling, model, tokenizer, settings, listener);
    }
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = LocalModel.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IOException(name + " is not on the classpath (the model jar is missing)");
    }
    return in;
  }
}
