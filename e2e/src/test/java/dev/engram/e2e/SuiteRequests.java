package dev.engram.e2e;

import static io.restassured.RestAssured.given;

import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** REST calls the end-to-end tests share. */
final class SuiteRequests {

  private SuiteRequests() {}

  /** A JSON request to {@code service} with {@code key}. */
  static RequestSpecification as(Suite suite, String key, Component service) {
    return given()
        .baseUri(suite.url(service))
        .header("Authorization", "Bearer " + key)
        .contentType(ContentType.JSON);
  }

  /** Writes one turn to capture-service with {@code key}; its exchange id. */
  static long exchange(Suite suite, String key, Map<String, Object> turn) {
    return as(suite, key, Component.CAPTURE)
        .body(Map.of("exchanges", List.of(turn)))
        .post("/v1/exchanges")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath()
        .getLong("items[0].id");
  }

  /** Where {@code person} lived at {@code asOf} (now if null), according to graph-service. */
  static List<String> livedIn(Suite suite, String key, String person, String asOf) {
    RequestSpecification request =
        as(suite, key, Component.GRAPH).queryParam("predicate", "lives_in");
    if (asOf != null) {
      request = request.queryParam("as_of", asOf);
    }
    Response response = request.get("/v1/entities/" + person);
    return response.statusCode() == 200
        ? response.jsonPath().getList("facts.object.name", String.class)
        : List.of();
  }

  /**
   * A recall answer's items as {@code kind:id}: memories and exchanges number apart, so memory 1
   * and exchange 1 are different items (comparing bare ids let one stand for the other).
   */
  static List<String> itemKeys(JsonPath answer) {
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < answer.getList("items").size(); i++) {
      keys.add(
          answer.getString("items[" + i + "].kind") + ":" + answer.getLong("items[" + i + "].id"));
    }
    return keys;
  }
}
