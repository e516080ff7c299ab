package dev.engram.recall.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /v1/embeddings}, OpenAI's shape: {@code input} is one string or an array of
 * strings; {@code model}, when given, must be the model this server runs; {@code encoding_format}
 * is {@code float} (default) or {@code base64}; {@code dimensions}, when given, must be the
 * model's.
 */
record EmbeddingsRequest(
    @NotNull JsonNode input,
    @Size(max = 256) String model,
    String encodingFormat,
    Integer dimensions,
    @Size(max = 256) String user) {}
