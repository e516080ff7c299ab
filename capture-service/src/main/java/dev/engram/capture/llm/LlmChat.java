package dev.engram.capture.llm;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.capture.config.CaptureConfig;
import io.quarkus.rest.client.reactive.QuarkusRestClientBuilder;
import io.smallrye.mutiny.Uni;
import java.net.URI;
import java.util.concurrent.TimeUnit;

/**
 * One OpenAI-compatible chat completions endpoint (the configured {@code reflector.llm}), shared by
 * the LLM extractor and the LLM summarizer: the bearer key and the configured timeout on every
 * call, which either answers the completion object or fails (callers fall back on failure).
 */
public final class LlmChat {

  private final LlmRestClient client;
  private final CaptureConfig.Llm config;

  /** Needs {@code config.baseUrl()}. */
  public LlmChat(CaptureConfig.Llm config) {
    String base = config.baseUrl().orElseThrow();
    this.client =
        QuarkusRestClientBuilder.newBuilder()
            .baseUri(URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base))
            .connectTimeout(5, TimeUnit.SECONDS)
            .readTimeout(config.timeout().toMillis(), TimeUnit.MILLISECONDS)
            .build(LlmRestClient.class);
    this.config = config;
  }

  /** The model sent with each request. */
  public String model() {
    return config.model();
  }

  /** The completion object for {@code request}; fails on an error or after the timeout. */
  public Uni<JsonNode> complete(JsonNode request) {
    String auth = config.apiKey().map(k -> "Bearer " + k).orElse(null);
    return client.complete(auth, request).ifNoItem().after(config.timeout()).fail();
  }

  /** The message content of a completion object ("" when it has none). */
  public static String content(JsonNode completion) {
    return completion.path("choices").path(0).path("message").path("content").asText("");
  }
}
