package dev.engram.recall.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import dev.engram.recall.config.RecallConfig;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * An OpenAI-compatible embeddings endpoint served from this service's model, so tools that speak
 * that API (and recall-service's own HTTP provider) can use it. Authenticated like every endpoint:
 * the API key goes where OpenAI clients put theirs, {@code Authorization: Bearer}.
 */
@Path("/v1/embeddings")
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
class EmbeddingsResource {

  /** OpenAI's own limit on inputs per request. */
  static final int MAX_INPUTS = 2048;

  private final EmbeddingModel model;
  private final int maxTextBytes;

  EmbeddingsResource(EmbeddingModel model, RecallConfig config) {
    this.model = model;
    this.maxTextBytes = config.maxTextBytes();
  }

  @POST
  @Blocking
  @RolesAllowed({Roles.AGENT, Roles.ADMIN, Roles.INTERNAL})
  @Operation(
      summary = "Embed texts (OpenAI-compatible)",
      description = "OpenAI's /v1/embeddings request and response, served by the local model.")
  public EmbeddingsResponse embed(@NotNull @Valid EmbeddingsRequest request) {
    List<String> texts = texts(request.input());
    check(request);
    boolean base64 = "base64".equals(request.encodingFormat());
    List<float[]> vectors = model.embed(texts);
    List<EmbeddingsResponse.Item> data = new ArrayList<>(vectors.size());
    for (int i = 0; i < vectors.size(); i++) {
      Object embedding = base64 ? base64(vectors.get(i)) : vectors.get(i);
      data.add(new EmbeddingsResponse.Item("embedding", i, embedding));
    }
    int tokens = model.tokens(texts);
    return new EmbeddingsResponse(
        "list", data, model.modelId(), new EmbeddingsResponse.Usage(tokens, tokens));
  }

  private void check(EmbeddingsRequest request) {
    if (request.model() != null && !request.model().equals(model.modelId())) {
      throw EngramException.invalid(
          "model", "served_model", "this server embeds with " + model.modelId() + " only");
    }
    String format = request.encodingFormat();
    if (format != null && !format.equals("float") && !format.equals("base64")) {
      throw EngramException.invalid("encoding_format", "one_of", "must be float or base64");
    }
    if (request.dimensions() != null && request.dimensions() != model.dimensions()) {
      throw EngramException.invalid(
          "dimensions", "model_dimensions", "this model has " + model.dimensions() + " only");
    }
  }

  private List<String> texts(JsonNode input) {
    List<String> texts = new ArrayList<>();
    if (input.isTextual()) {
      texts.add(input.asText());
    } else if (input.isArray() && !input.isEmpty() && input.size() <= MAX_INPUTS) {
      for (JsonNode item : input) {
        if (!item.isTextual()) {
          throw EngramException.invalid(
              "input", "strings", "must be a string or an array of strings (no token arrays)");
        }
        texts.add(item.asText());
      }
    } else {
      throw EngramException.invalid(
          "input", "strings", "must be a string or 1.." + MAX_INPUTS + " strings");
    }
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      if (text.isBlank() || text.getBytes(StandardCharsets.UTF_8).length > maxTextBytes) {
        throw EngramException.invalid(
            "input[" + i + "]", "text", "must be non-blank and at most " + maxTextBytes + " bytes");
      }
    }
    return texts;
  }

  /** OpenAI's base64 format: the float32 values, little-endian, base64-encoded. */
  static String base64(float[] vector) {
    ByteBuffer bytes = ByteBuffer.allocate(vector.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (float x : vector) {
      bytes.putFloat(x);
    }
    return Base64.getEncoder().encodeToString(bytes.array());
  }
}
