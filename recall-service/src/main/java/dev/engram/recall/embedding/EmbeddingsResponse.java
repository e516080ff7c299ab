package dev.engram.recall.embedding;

import java.util.List;

/** Answer of {@code POST /v1/embeddings}, OpenAI's shape. */
record EmbeddingsResponse(String object, List<Item> data, String model, Usage usage) {

  /** One vector: a list of floats, or with encoding_format=base64 little-endian float32 bytes. */
  record Item(String object, int index, Object embedding) {}

  /** Tokens the model saw (OpenAI reports the same number twice for embeddings). */
  record Usage(int promptTokens, int totalTokens) {}
}
