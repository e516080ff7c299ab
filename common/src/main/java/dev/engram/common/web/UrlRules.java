package dev.engram.common.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.FieldViolation;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The URL's share of the input rules. A request URI longer than {@code engram.http.max-uri-bytes}
 * is a 414 problem+json: the HTTP layer's own limit on the request line (raised well above ours)
 * would close the connection without an answer. A NUL character (U+0000) in the path or in a query
 * parameter is a 400 naming it, before any resource reads it. PostgreSQL refuses NUL in text
 * (22021), so a {@code ?agent=a%00b} would otherwise reach a query and fail there as a 500; bodies
 * are held to the same rule by the strict JSON reader.
 */
@ApplicationScoped
public class UrlRules {

  private static final String RULE = "text_encoding";
  private static final String MESSAGE = "must not contain a NUL character (U+0000)";

  private final ObjectMapper json;
  private final int maxUriBytes;

  UrlRules(
      ObjectMapper json,
      @ConfigProperty(name = "engram.http.max-uri-bytes", defaultValue = "8192") int maxUriBytes) {
    this.json = json;
    this.maxUriBytes = maxUriBytes;
  }

  void register(@Observes Filters filters) {
    // After BodyRules and RequestSizeLimit: an anonymous internal caller still gets its 401 first.
    filters.register(this::check, Integer.MAX_VALUE - 2);
  }

  private void check(RoutingContext rc) {
    int length = uriBytes(rc.request().uri());
    if (length > maxUriBytes) {
      RouteProblems.end(
          rc,
          json,
          CommonError.URI_TOO_LONG,
          "The request URI is "
              + length
              + " bytes; the limit is "
              + maxUriBytes
              + " bytes (send long input in a body)",
          Map.of());
      return;
    }
    Optional<String> field = offending(rc.request().path(), rc.request().query());
    if (field.isPresent()) {
      RouteProblems.end(
          rc,
          json,
          CommonError.VALIDATION_FAILED,
          field.get() + ": " + MESSAGE,
          List.of(new FieldViolation(field.get(), RULE, MESSAGE)),
          Map.of());
      return;
    }
    rc.next();
  }

  /** The path or the first query parameter (by name) that holds a NUL once decoded, if any. */
  static Optional<String> offending(String rawPath, String rawQuery) {
    if (rawPath != null && hasNul(decode(rawPath))) {
      return Optional.of("path");
    }
    if (rawQuery == null || rawQuery.isEmpty()) {
      return Optional.empty();
    }
    for (String pair : rawQuery.split("&")) {
      int eq = pair.indexOf('=');
      String name = decode(eq < 0 ? pair : pair.substring(0, eq));
      String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
      if (hasNul(name)) {
        return Optional.of("query");
      }
      if (hasNul(value)) {
        return Optional.of(name);
      }
    }
    return Optional.empty();
  }

  /** The URI's length on the wire: percent-escapes are already ASCII, anything else is UTF-8. */
  static int uriBytes(String uri) {
    return uri == null ? 0 : uri.getBytes(StandardCharsets.UTF_8).length;
  }

  private static boolean hasNul(String s) {
    return s.indexOf('\u0000') >= 0;
  }

  /** Percent-decoding that never throws: a malformed escape is left as it is. */
  private static String decode(String raw) {
    if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
      return raw;
    }
    try {
      return URLDecoder.decode(raw, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return raw.replace("%00", "\u0000");
    }
  }
}
