package dev.engram.capture;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;

/** Requests as a given API key, and unique names so tests sharing one database never collide. */
public final class Api {

  private Api() {}

  public static RequestSpecification as(String key) {
    return given().header("Authorization", TestKeys.bearer(key)).contentType(ContentType.JSON);
  }

  /** POSTs {@code json} to {@code path} as {@code key}; expects 201 and answers the new id. */
  public static long created(String key, String path, String json) {
    return as(key).body(json).post(path).then().statusCode(201).extract().jsonPath().getLong("id");
  }

  /** A name no other test uses, e.g. a chat id. */
  public static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
  }
}
