package dev.engram.recall.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quarkiverse.mcp.server.JsonRpcErrorCodes;
import java.util.Set;

/**
 * What MCP requires of one JSON-RPC message before the extension may see it: the extension fails on
 * the rest (a {@code tools/call} without a name or an {@code initialize} without a protocol version
 * threw on the event loop, so no answer came) or reads it loosely (a {@code tools/call} without an
 * id ran as a notification). A message broken here is answered with a JSON-RPC error and not run.
 */
final class JsonRpcRules {

  static final int INVALID_REQUEST = JsonRpcErrorCodes.INVALID_REQUEST;
  static final int INVALID_PARAMS = JsonRpcErrorCodes.INVALID_PARAMS;
  static final int PARSE_ERROR = JsonRpcErrorCodes.PARSE_ERROR;
  static final int SECURITY_ERROR = JsonRpcErrorCodes.SECURITY_ERROR;

  /** Requests whose handlers in the extension read their params without checking them. */
  private static final Set<String> NEED_PARAMS =
      Set.of(
          "initialize",
          "tools/call",
          "logging/setLevel",
          "completion/complete",
          "prompts/get",
          "resources/read",
          "resources/subscribe",
          "resources/unsubscribe");

  private JsonRpcRules() {}

  /** Why a message is refused: the JSON-RPC code, the sentence, and the id to answer (or null). */
  record Refusal(int code, String message, JsonNode id) {

    /** The JSON-RPC error response. */
    ObjectNode toJson() {
      ObjectNode error = JsonNodeFactory.instance.objectNode();
      error.put("jsonrpc", "2.0");
      error.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
      error.putObject("error").put("code", code).put("message", message);
      return error;
    }
  }

  /** The refusal of one message, or null when the extension may handle it. */
  static Refusal check(JsonNode message) {
    if (!message.isObject()) {
      return new Refusal(INVALID_REQUEST, "a JSON-RPC message must be a JSON object", null);
    }
    if (!"2.0".equals(message.path("jsonrpc").textValue())) {
      return new Refusal(INVALID_REQUEST, "\"jsonrpc\" must be \"2.0\"", null);
    }
    JsonNode id = message.get("id");
    if (id != null && !validId(id)) {
      return new Refusal(
          INVALID_REQUEST, "\"id\" must be a string or an integer, not " + kind(id), null);
    }
    JsonNode method = message.get("method");
    if (method == null) {
      if (id != null && (message.has("result") || message.has("error"))) {
        return null; // a response to a request of the server's
      }
      return new Refusal(INVALID_REQUEST, "\"method\" is missing", id);
    }
    if (!method.isTextual()) {
      return new Refusal(INVALID_REQUEST, "\"method\" must be a string", id);
    }
    String name = method.textValue();
    if (id == null && !name.startsWith("notifications/")) {
      return new Refusal(
          INVALID_REQUEST,
          "'"
              + ToolArgs.abbreviate(name)
              + "' is a request and needs an \"id\" (a string or an integer); only"
              + " notifications/* are sent without one, and nothing was run",
          null);
    }
    JsonNode params = message.get("params");
    if (params != null && !params.isObject()) {
      return new Refusal(INVALID_PARAMS, "\"params\" must be a JSON object", id);
    }
    if (params == null && NEED_PARAMS.contains(name)) {
      return new Refusal(INVALID_PARAMS, "'" + name + "' needs \"params\" (an object)", id);
    }
    return switch (name) {
      case "initialize" -> initialize(params, id);
      case "tools/call" -> toolsCall(params, id);
      case "logging/setLevel" ->
          params.path("level").isTextual()
              ? null
              : new Refusal(INVALID_PARAMS, "params.level must be a string", id);
      default -> null;
    };
  }

  private static Refusal initialize(JsonNode params, JsonNode id) {
    if (!params.path("protocolVersion").isTextual()) {
      return new Refusal(
          INVALID_PARAMS, "params.protocolVersion must be a string such as \"2025-06-18\"", id);
    }
    if (!params.path("clientInfo").isObject()) {
      return new Refusal(
          INVALID_PARAMS, "params.clientInfo must be an object naming the client", id);
    }
    JsonNode capabilities = params.get("capabilities");
    if (capabilities != null && !capabilities.isObject()) {
      return new Refusal(INVALID_PARAMS, "params.capabilities must be an object", id);
    }
    return null;
  }

  private static Refusal toolsCall(JsonNode params, JsonNode id) {
    if (!params.path("name").isTextual()) {
      return new Refusal(INVALID_PARAMS, "params.name must be the name of a tool (a string)", id);
    }
    JsonNode arguments = params.get("arguments");
    if (arguments != null && !arguments.isNull() && !arguments.isObject()) {
      return new Refusal(INVALID_PARAMS, "params.arguments must be an object", id);
    }
    return null;
  }

  /** MCP: "a string or integer", never null (and JSON-RPC discourages fractions). */
  static boolean validId(JsonNode id) {
    return id.isTextual() || (id.isIntegralNumber() && id.canConvertToLong());
  }

  private static String kind(JsonNode node) {
    return switch (node.getNodeType()) {
      case OBJECT -> "an object";
      case ARRAY -> "an array";
      case BOOLEAN -> "a boolean";
      case NULL -> "null";
      case NUMBER -> "a fraction";
      default -> node.getNodeType().name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
