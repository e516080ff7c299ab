package dev.engram.console.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/** A query string built from optional parameters: blank ones are left out, values encoded. */
public final class Query {

  private final StringJoiner parts = new StringJoiner("&", "?", "").setEmptyValue("");

  public static Query of() {
    return new Query();
  }

  public Query add(String name, Object value) {
    if (value != null && !value.toString().isBlank()) {
      parts.add(name + "=" + URLEncoder.encode(value.toString().strip(), StandardCharsets.UTF_8));
    }
    return this;
  }

  @Override
  public String toString() {
    return parts.toString();
  }
}
