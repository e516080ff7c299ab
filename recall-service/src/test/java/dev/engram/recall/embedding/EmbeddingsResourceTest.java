package dev.engram.recall.embedding;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.common.error.EngramException;
import dev.engram.recall.RecallError;
import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The OpenAI-compatible {@code /v1/embeddings}, and the HTTP embedding provider talking to it: a
 * real server, so the provider is tested against the wire format, not a mock of it.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class EmbeddingsResourceTest {

  @TestHTTPResource("/v1")
  URL base;

  @Inject EmbeddingModel model;

  @Test
  void answersInOpenAisShape() {
    embeddings(Map.of("input", List.of("hello world", "a cat on a mat"), "model", model.modelId()))
        .statusCode(200)
        .body("object", equalTo("list"))
        .body("model", equalTo("all-minilm-l6-v2-q"))
        .body("data.size()", equalTo(2))
        .body("data[0].object", equalTo("embedding"))
        .body("data[1].index", equalTo(1))
        .body("data[0].embedding.size()", equalTo(384))
        .body("usage.prompt_tokens", greaterThan(4))
        .body("usage.total_tokens", greaterThan(4));
  }

  @Test
  void oneStringAndBase64WorkAsWithOpenAi() {
    List<Float> floats =
        embeddings(Map.of("input", "hello world"))
            .statusCode(200)
            .extract()
            .jsonPath()
            .getList("data[0].embedding", Float.class);
    String encoded =
        embeddings(Map.of("input", "hello world", "encoding_format", "base64"))
            .statusCode(200)
            .extract()
            .jsonPath()
            .getString("data[0].embedding");
    ByteBuffer bytes = ByteBuffer.wrap(Base64.getDecoder().decode(encoded));
    bytes.order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(384 * 4, bytes.remaining());
    for (int i = 0; i < 384; i++) {
      assertEquals(floats.get(i), bytes.getFloat(), 1e-6, "value " + i);
    }
  }

  @Test
  void badRequestsNameTheField() {
    embeddings(Map.of("input", List.of(1, 2, 3)))
        .statusCode(400)
        .body("errors.field", hasItem("input"));
    embeddings(Map.of("input", "x", "model", "text-embedding-3-small"))
        .statusCode(400)
        .body("errors.field", hasItem("model"));
    embeddings(Map.of("input", "x", "dimensions", 1536))
        .statusCode(400)
        .body("errors.field", hasItem("dimensions"));
    embeddings(Map.of("input", "x", "encoding_format", "int8"))
        .statusCode(400)
        .body("errors.field", hasItem("encoding_format"));
    given()
        .contentType(ContentType.JSON)
        .body(Map.of("input", "x"))
        .when()
        .post("/v1/embeddings")
        .then()
        .statusCode(401);
  }

  @Test
  void theHttpProviderGetsTheSameVectorsFromThisServer() {
    HttpEmbedder http = provider(384);
    assertEquals("all-minilm-l6-v2-q", http.modelId());
    List<String> texts =
        List.of("Alice adopted a puppy", "The tax report is due", "Bob likes trains", "x");
    List<float[]> remote = http.embed(texts); // batches of 3: two requests
    List<float[]> local = model.embed(texts);
    assertEquals(4, remote.size());
    for (int i = 0; i < texts.size(); i++) {
      assertTrue(Vectors.dot(remote.get(i), local.get(i)) > 0.98, "text " + i + " matches");
    }
  }

  @Test
  void theHttpProviderRefusesVectorsOfAnotherLength() {
    var e = assertThrows(EngramException.class, () -> provider(1536).embed(List.of("hello")));
    assertEquals(RecallError.EMBEDDING_UNAVAILABLE, e.error());
    assertTrue(e.getMessage().contains("http.dimensions=384"), e.getMessage());
  }

  @Test
  void theHttpProviderReportsARefusal() {
    HttpEmbedder wrongKey =
        new HttpEmbedder(
            new HttpEmbedder.Settings(
                base.toString(),
                "all-minilm-l6-v2-q",
                Optional.of("not-a-key"),
                384,
                3,
                Duration.ofSeconds(2),
                Duration.ofSeconds(30),
                2));
    var e = assertThrows(EngramException.class, () -> wrongKey.embed(List.of("hello")));
    assertTrue(e.getMessage().contains("answered 401"), e.getMessage());
  }

  @Test
  void repeatedTextsComeFromTheCache() {
    String text = "a sentence nobody embedded before " + System.nanoTime();
    model.embed(List.of(text));
    double before = model.cacheHitRatio();
    long hitsBefore = hits();
    float[] again = model.embed(text);
    assertEquals(hitsBefore + 1, hits(), "the second lookup is a hit");
    assertTrue(model.cacheHitRatio() >= before);
    assertEquals(384, again.length);
  }

  private long hits() {
    String metrics = given().when().get("/q/metrics").then().statusCode(200).extract().asString();
    return metrics
        .lines()
        .filter(l -> l.startsWith("engram_recall_embedding_cache_hits_total"))
        .mapToLong(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .findFirst()
        .orElseThrow();
  }

  private HttpEmbedder provider(int dimensions) {
    return new HttpEmbedder(
        new HttpEmbedder.Settings(
            base.toString(),
            "all-minilm-l6-v2-q",
            Optional.of(AGENT_T1_KEY),
            dimensions,
            3,
            Duration.ofSeconds(2),
            Duration.ofSeconds(30),
            0));
  }

  private static ValidatableResponse embeddings(Object body) {
    return given()
        .header("Authorization", "Bearer " + AGENT_T1_KEY)
        .contentType(ContentType.JSON)
        .body(body)
        .when()
        .post("/v1/embeddings")
        .then();
  }
}
