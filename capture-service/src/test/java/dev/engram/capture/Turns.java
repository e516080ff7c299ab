package dev.engram.capture;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.restassured.path.json.JsonPath;

/** Builds and posts exchange batches for one agent and chat. */
public final class Turns {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String agent;
  private final String chat;
  private final ArrayNode items = JSON.createArrayNode();

  public Turns(String agent, String chat) {
    this.agent = agent;
    this.chat = chat;
  }

  public Turns say(String speaker, String role, String text, String at) {
    ObjectNode item = items.addObject();
    item.put("agent", agent).put("chat", chat).put("speaker", speaker).put("role", role);
    item.put("text", text);
    if (at != null) {
      item.put("occurred_at", at);
    }
    return this;
  }

  public Turns user(String speaker, String text, String at) {
    return say(speaker, "user", text, at);
  }

  /** Posts the batch as {@code key}; 201 expected. */
  public JsonPath post(String key) {
    ObjectNode body = JSON.createObjectNode();
    body.set("exchanges", items);
    return Api.as(key)
        .body(body.toString())
        .post("/v1/exchanges")
        .then()
        .statusCode(201)
        .extract()
        .jsonPath();
  }

  /** Runs the Reflector over this chat (admin key) and returns the run record. */
  public JsonPath reflect() {
    return reflect(TestKeys.ADMIN);
  }

  /** Runs the Reflector over this chat as {@code key} (an admin of its tenant). */
  public JsonPath reflect(String key) {
    return Api.as(key)
        .queryParam("agent", agent)
        .queryParam("chat", chat)
        .post("/v1/reflector/run")
        .then()
        .statusCode(200)
        .extract()
        .jsonPath();
  }
}
