package dev.engram.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** The generated requests of one operation, from its OpenAPI description. */
final class HostileRequests {

  /** One request: what it tries, path and query, body bytes (or none), Content-Type. */
  record Request(String what, String target, byte[] body, String contentType) {}

  /**
   * 100 KiB in a body; in a URL below Vert.x's 4,096-byte request line (see
   * HostileInputIT#oversized).
   */
  private static final int BODY_TEXT = 102_400;

  private static final int URL_TEXT = 2_500;
  private static final String SURROGATE = "@@lone-surrogate@@";
  private static final String DEEP = "[".repeat(2_000) + "]".repeat(2_000);
  private static final List<String> TIMES =
      List.of("+1000000000-01-01T00:00:00Z", "-999999-01-01T00:00:00Z", "0000-01-01T00:00:00Z");
  private static final List<String> NUMBERS =
      List.of("1e309", "-1", "9223372036854775808", "-9223372036854775809", "1.5", "-1e308");

  private final JsonNode openapi;
  private final Random random;

  HostileRequests(JsonNode openapi, Random random) {
    this.openapi = openapi;
    this.random = random;
  }

  List<Request> requests(String template, JsonNode pathItem, JsonNode operation) {
    List<JsonNode> parameters = new ArrayList<>();
    pathItem.path("parameters").forEach(parameters::add);
    operation.path("parameters").forEach(parameters::add);
    String target = fill(template, parameters, null);
    List<Request> out = new ArrayList<>();
    for (JsonNode p : parameters) {
      String name = p.path("name").asText();
      for (String value : hostileStrings(schema(p.path("schema")), URL_TEXT)) {
        String encoded = encode(value);
        if (p.path("in").asText().equals("path")) {
          out.add(
              new Request(
                  "path " + name, fill(template, parameters, Map.of(name, encoded)), null, null));
        } else if (p.path("in").asText().equals("query")) {
          out.add(
              new Request(
                  "query " + name, target + sep(target) + name + "=" + encoded, null, null));
        }
      }
    }
    JsonNode schema =
        schema(
            operation.path("requestBody").path("content").path("application/json").path("schema"));
    if (schema.isMissingNode() || !operation.has("requestBody")) {
      if (out.isEmpty()) {
        out.add(new Request("plain", target, null, null));
      }
      return out;
    }
    JsonNode base = sample(schema, 0);
    String json = "application/json";
    out.add(new Request("not JSON", target, bytes("{\"a\": nope"), json));
    out.add(new Request("empty", target, new byte[0], json));
    out.add(new Request("null", target, bytes("null"), json));
    out.add(new Request("deep nesting", target, bytes(DEEP), json));
    out.add(new Request("no Content-Type", target, bytes(base.toString()), null));
    out.add(new Request("text/plain", target, bytes(base.toString()), "text/plain"));
    out.add(new Request("overlong UTF-8", target, overlong(base), json));
    if (base instanceof ObjectNode object) {
      out.add(new Request("array", target, bytes("[" + base + "]"), json));
      out.add(
          new Request(
              "unknown field",
              target,
              bytes(object.deepCopy().put("hostile_" + random.nextInt(1000), "x").toString()),
              json));
      Iterator<String> names = object.fieldNames();
      if (names.hasNext()) {
        String first = names.next();
        out.add(
            new Request(
                "duplicate " + first,
                target,
                bytes(
                    "{\"" + first + "\":" + object.get(first) + "," + base.toString().substring(1)),
                json));
      }
      properties(schema).forEach((name, property) -> mutate(target, object, name, property, out));
    }
    return out;
  }

  private void mutate(
      String target, ObjectNode base, String name, JsonNode property, List<Request> out) {
    List<String> values = new ArrayList<>();
    values.add(pick(List.of("3", "true", "{}", "[]", "\"text\"", "null", "-0.5")));
    values.add(DEEP);
    for (String s : hostileStrings(property, BODY_TEXT)) {
      values.add(quote(s));
    }
    if (List.of("integer", "number").contains(property.path("type").asText())) {
      values.addAll(NUMBERS); // as JSON numbers: out of long and double range, negative
    }
    if (property.path("type").asText().equals("array")) {
      values.add("[" + quote("a\u0000b") + "]");
      values.add("[" + quote(SURROGATE) + "]");
    }
    if (property.path("type").asText().equals("object")) {
      values.add("{" + quote("k\u0000") + ":" + quote(SURROGATE) + "}");
    }
    for (String value : values) {
      String body =
          base.deepCopy()
              .put(name, "@@value@@")
              .toString()
              .replace("\"@@value@@\"", value)
              .replace(SURROGATE, "\\ud800");
      out.add(new Request(name + "=" + abbreviate(value), target, bytes(body), "application/json"));
    }
  }

  /** Strings that must be refused or stored faithfully, picked per type. */
  private List<String> hostileStrings(JsonNode schema, int length) {
    List<String> values = new ArrayList<>();
    values.add("a\u0000b");
    values.add(SURROGATE);
    values.add(randomText(length));
    values.add(pick(NUMBERS));
    if ("date-time".equals(schema.path("format").asText())
        || schema.path("type").asText().equals("string")) {
      values.add(pick(TIMES));
    }
    return values;
  }

  private String randomText(int length) {
    StringBuilder text = new StringBuilder(length);
    while (text.length() < length) {
      text.append(random.nextInt(10) == 0 ? ' ' : (char) ('a' + random.nextInt(26)));
    }
    return text.toString();
  }

  /** A plausible value of the schema, so that each mutation is the only thing wrong. */
  private JsonNode sample(JsonNode schema, int depth) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    schema = schema(schema);
    if (schema.has("enum")) {
      return schema.get("enum").get(0);
    }
    String type =
        schema.path("type").isArray()
            ? schema.path("type").get(0).asText()
            : schema.path("type").asText();
    switch (type) {
      case "integer":
        return f.numberNode(1);
      case "number":
        return f.numberNode(0.5);
      case "boolean":
        return f.booleanNode(true);
      case "array":
        return depth > 3
            ? f.arrayNode()
            : f.arrayNode().add(sample(schema.path("items"), depth + 1));
      case "string":
        return f.textNode(
            "date-time".equals(schema.path("format").asText())
                ? "2026-01-01T00:00:00Z"
                : "hostile " + random.nextInt(1000));
      default:
        ObjectNode object = f.objectNode();
        if (depth <= 3) {
          properties(schema).forEach((n, p) -> object.set(n, sample(p, depth + 1)));
        }
        return object;
    }
  }

  private Map<String, JsonNode> properties(JsonNode schema) {
    Map<String, JsonNode> out = new LinkedHashMap<>();
    schema(schema)
        .path("properties")
        .fields()
        .forEachRemaining(e -> out.put(e.getKey(), schema(e.getValue())));
    return out;
  }

  /** Follows $ref and takes the first of allOf/oneOf/anyOf. */
  private JsonNode schema(JsonNode schema) {
    for (int i = 0; i < 10; i++) {
      if (schema.has("$ref")) {
        String ref = schema.get("$ref").asText();
        schema = openapi.at(ref.substring(1));
      } else if (schema.has("allOf") || schema.has("oneOf") || schema.has("anyOf")) {
        JsonNode all =
            schema.has("allOf")
                ? schema.get("allOf")
                : schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
        schema = all.get(0);
      } else {
        return schema;
      }
    }
    return schema;
  }

  private String fill(String template, List<JsonNode> parameters, Map<String, String> given) {
    String out = template;
    for (JsonNode p : parameters) {
      String name = p.path("name").asText();
      if (p.path("in").asText().equals("path")) {
        String type = schema(p.path("schema")).path("type").asText();
        String value =
            given != null && given.containsKey(name)
                ? given.get(name)
                : type.equals("integer") ? "1" : "hostile-" + random.nextInt(1000);
        out = out.replace("{" + name + "}", value);
      }
    }
    return out;
  }

  private static String encode(String value) {
    if (value.equals(SURROGATE)) {
      return "a%ED%A0%80b";
    }
    StringBuilder out = new StringBuilder();
    for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      out.append(
          Character.isLetterOrDigit(c) && c < 128
              ? String.valueOf(c)
              : String.format("%%%02X", b & 0xff));
    }
    return out.toString();
  }

  private static byte[] overlong(JsonNode base) {
    byte[] plain = base.toString().replace("hostile", "host@le").getBytes(StandardCharsets.UTF_8);
    List<Byte> out = new ArrayList<>();
    for (byte b : plain) {
      if (b == '@') {
        out.add((byte) 0xC0);
        out.add((byte) 0xAF);
      } else {
        out.add(b);
      }
    }
    byte[] bytes = new byte[out.size()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = out.get(i);
    }
    return bytes;
  }

  private static String sep(String target) {
    return target.contains("?") ? "&" : "?";
  }

  private static String quote(String s) {
    return s.startsWith("a\\u0000") || s.equals(SURROGATE) || s.startsWith("k\\u0000")
        ? "\"" + s + "\""
        : JsonNodeFactory.instance.textNode(s).toString();
  }

  private String pick(List<String> values) {
    return values.get(random.nextInt(values.size()));
  }

  private static byte[] bytes(String text) {
    return text.replace(SURROGATE, "\\ud800").getBytes(StandardCharsets.UTF_8);
  }

  /** The value as text, cut to 160 characters with its full length noted. */
  static String abbreviate(Object value) {
    return abbreviate(value, 160);
  }

  static String abbreviate(Object value, int max) {
    String text =
        value instanceof byte[] bytes
            ? new String(bytes, StandardCharsets.UTF_8)
            : String.valueOf(value);
    return text.length() <= max ? text : text.substring(0, max) + "…(" + text.length() + ")";
  }
}
