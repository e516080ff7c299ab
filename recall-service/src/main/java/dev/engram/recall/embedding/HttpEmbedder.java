package dev.engram.recall.embedding;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An OpenAI-compatible embeddings server ({@code POST <url>/embeddings}: OpenAI, Ollama, TEI, vLLM,
 * or another recall-service). Texts go in batches; every request has a connect and a total timeout
 * and is retried (embedding is idempotent) after an I/O error, 429 or 5xx. Vectors are scaled to
 * unit length (not every server does) and must have the configured length.
 */
final class HttpEmbedder implements Embedder {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration BACKOFF = Duration.ofMillis(200);

  /** Where the server is and how to call it. */
  record Settings(
      String url,
      String model,
      Optional<String> apiKey,
      int dimensions,
      int batchSize,
      Duration connectTimeout,
      Duration timeout,
      int maxRetries) {}

  private final Settings settings;
  private final URI endpoint;
  private final HttpClient client;

  HttpEmbedder(Settings settings) {
    this.settings = settings;
    String base = settings.url().replaceAll("/+$", "");
    this.endpoint = URI.create(base + "/embeddings");
    this.client = HttpClient.newBuilder().connectTimeout(settings.connectTimeout()).build();
  }

  @Override
  public String modelId() {
    return settings.model();
  }

  @Override
  public int dimensions() {
    return settings.dimensions();
  }

  @Override
  public List<float[]> embed(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (int from = 0; from < texts.size(); from += settings.batchSize()) {
      out.addAll(batch(texts.subList(from, Math.min(texts.size(), from + settings.batchSize()))));
    }
    return out;
  }

  private List<float[]> batch(List<String> texts) {
    byte[] body = body(texts);
    String failure = null;
    for (int attempt = 0; attempt <= settings.maxRetries(); attempt++) {
      if (attempt > 0) {
        pause(attempt);
      }
      try {
        HttpResponse<byte[]> response =
            client.send(request(body), HttpResponse.BodyHandlers.ofByteArray());
        int status = response.statusCode();
        if (status == 200) {
          return vectors(JSON.readTree(response.body()), texts.size());
        }
        failure = "answered " + status;
        if (status != 429 && status < 500) {
          break; // the request itself is wrong; repeating it cannot help
        }
      } catch (IOException e) {
        failure = "unreachable: " + e.getClass().getSimpleName() + " " + e.getMessage();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failure = "interrupted";
        break;
      }
    }
    throw new EngramException(
        RecallError.EMBEDDING_UNAVAILABLE,
        "The embedding server at " + endpoint + " " + failure + "; try again later");
  }

  private HttpRequest request(byte[] body) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(endpoint)
            .timeout(settings.timeout())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    settings.apiKey().ifPresent(key -> request.header("Authorization", "Bearer " + key));
    return request.build();
  }

  private byte[] body(List<String> texts) {
    try {
      return JSON.writeValueAsBytes(
          Map.of("model", settings.model(), "input", texts, "encoding_format", "float"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot write an embeddings request", e);
    }
  }

  /** The vectors of an OpenAI-shaped answer, in input order (by {@code index}). */
  List<float[]> vectors(JsonNode answer, int expected) {
    JsonNode data = answer.path("data");
    if (!data.isArray() || data.size() != expected) {
      throw invalid("returned " + data.size() + " vectors for " + expected + " texts");
    }
    float[][] out = new float[expected][];
    for (JsonNode item : data) {
      int index = item.path("index").asInt(-1);
      JsonNode values = item.path("embedding");
      if (index < 0 || index >= expected || !values.isArray()) {
        throw invalid("returned an item without a valid index or embedding");
      }
      if (values.size() != settings.dimensions()) {
        throw invalid(
            "returned "
                + values.size()
                + "-dimensional vectors; set engram.recall.embedding.http.dimensions="
                + values.size()
                + " (and reindex)");
      }
      float[] v = new float[values.size()];
      for (int i = 0; i < v.length; i++) {
        v[i] = (float) values.get(i).asDouble();
      }
      out[index] = Vectors.unit(v);
    }
    return List.of(out);
  }

  private EngramException invalid(String what) {
    return new EngramException(
        RecallError.EMBEDDING_UNAVAILABLE, "The embedding server at " + endpoint + " " + what);
  }

  private static void pause(int attempt) {
    try {
      Thread.sleep(BACKOFF.multipliedBy(1L << (attempt - 1)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
