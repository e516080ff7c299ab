package dev.engram.graph.contract;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.databind.JsonNode;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Sends a fixture request to this service's own endpoint, as the calling service would. */
final class Served {

  /** The clear-text internal key of the %test profile. */
  static final String INTERNAL_KEY = "graph-internal-secret";

  private Served() {}

  /** POSTs {@code body} with the internal key and expects {@code status}; the answer's JSON. */
  static JsonNode post(String path, JsonNode body, int status) {
    Response response =
        given()
            .header("Authorization", "Bearer " + INTERNAL_KEY)
            .contentType(ContentType.JSON)
            .body(body.toString())
            .post(path);
    response.then().statusCode(status);
    return Contracts.parse(response.asString());
  }

  /** This service's export, every line parsed. */
  static List<JsonNode> export() {
    Response response =
        given().header("Authorization", "Bearer " + INTERNAL_KEY).get("/internal/v1/export");
    response.then().statusCode(200);
    try {
      // what the service really exported, for whoever updates the fixture after a contract change
      Files.writeString(Path.of("target", "contract-export.ndjson"), response.asString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return response.asString().lines().map(Contracts::parse).toList();
  }

  /** POSTs an import body (x-ndjson) with the vault's query; the answer's JSON. */
  static JsonNode importBody(String ndjson, String query, int status) {
    Response response =
        given()
            .header("Authorization", "Bearer " + INTERNAL_KEY)
            .contentType("application/x-ndjson")
            .body(ndjson.getBytes(StandardCharsets.UTF_8))
            .post("/internal/v1/import?" + query);
    response.then().statusCode(status);
    return Contracts.parse(response.asString());
  }
}
