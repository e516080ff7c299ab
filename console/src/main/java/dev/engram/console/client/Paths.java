package dev.engram.console.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Names typed by people (a chat such as {@code telegram:1}) as one segment of a service path. */
public final class Paths {

  private Paths() {}

  /**
   * {@code value} percent-encoded so that it stays one path segment ({@code /} included; {@code .}
   * and {@code ..} would be read as path steps).
   */
  public static String segment(String value) {
    if (value.equals(".") || value.equals("..")) {
      return value.replace(".", "%2E");
    }
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
