package dev.engram.launcher;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * vault-service's public API for {@code ./engram backup|backups|verify|restore|audit}: the URL from
 * {@code $ENGRAM_HOME/config.env} ({@code ENGRAM_VAULT_URL}, written by {@code ./engram up}) and
 * the local admin key from {@code secrets/admin.key}, which has the ops role the vault requires.
 * JDK-only like the rest of the launcher.
 */
final class VaultClient {

  static final String URL_KEY = "ENGRAM_VAULT_URL";
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  /** Verification reads a whole archive: it may take as long as the archive is big. */
  private static final Duration VERIFY_TIMEOUT = Duration.ofHours(2);

  private final String baseUrl;
  private final String key;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  VaultClient(String baseUrl, String key) {
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.key = key;
  }

  /** The client of the suite under {@code home}. */
  static VaultClient of(Path home) {
    Path config = home.resolve("config.env");
    String url = null;
    try {
      if (Files.isRegularFile(config)) {
        for (String line : Files.readAllLines(config, StandardCharsets.UTF_8)) {
          int eq = line.indexOf('=');
          if (!line.startsWith("#") && eq > 0 && line.substring(0, eq).strip().equals(URL_KEY)) {
            url = line.substring(eq + 1).strip();
          }
        }
      }
    } catch (IOException e) {
      throw new VaultFailure("cannot read " + config + ": " + e.getMessage());
    }
    if (url == null || url.isEmpty()) {
      throw new VaultFailure(
          "no " + URL_KEY + " in " + config + ": Engram was never started here (./engram up)");
    }
    Path keyFile = home.resolve("secrets").resolve("admin.key");
    String key;
    try {
      key = Files.readString(keyFile, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new VaultFailure(
          "cannot read the ops key " + keyFile + " (" + e.getMessage() + "): ./engram up makes it");
    }
    return new VaultClient(url, key);
  }

  String baseUrl() {
    return baseUrl;
  }

  Reply get(String path) {
    return send("GET", path, null, CALL_TIMEOUT);
  }

  Reply post(String path, String json) {
    return send("POST", path, json, CALL_TIMEOUT);
  }

  Reply verify(String path) {
    return send("POST", path, null, VERIFY_TIMEOUT);
  }

  /** An audit reads every source's export: it may take as long as a backup's export. */
  Reply audit(String path) {
    return send("POST", path, null, VERIFY_TIMEOUT);
  }

  private Reply send(String method, String path, String json, Duration timeout) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(baseUrl + path))
            .timeout(timeout)
            .header("Authorization", "Bearer " + key)
            .header("Accept", "application/json");
    if (json != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json));
    HttpResponse<String> response;
    try {
      response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (ConnectException e) {
      throw new VaultFailure(
          "vault-service is not reachable at " + baseUrl + ": is Engram up? (./engram status)");
    } catch (HttpTimeoutException e) {
      throw new VaultFailure(
          method + " " + path + " timed out after " + timeout.toSeconds() + " s");
    } catch (IOException e) {
      throw new VaultFailure(method + " " + baseUrl + path + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new VaultFailure("interrupted");
    }
    Object body;
    try {
      body = response.body().isBlank() ? Map.of() : Json.parse(response.body());
    } catch (IllegalArgumentException e) {
      body = Map.of();
    }
    return new Reply(method + " " + path, response.statusCode(), body, response.body());
  }

  /** An answer: status, the parsed JSON (an empty map when there is none) and the raw text. */
  record Reply(String call, int status, Object json, String text) {

    boolean ok() {
      return status / 100 == 2;
    }

    Map<String, Object> map() {
      return asMap(json);
    }

    /** The answer, or a failure naming the problem's code and detail. */
    Reply require() {
      if (!ok()) {
        throw new VaultFailure(problem());
      }
      return this;
    }

    /** {@code "<status> <code>: <detail>"} of a problem+json answer. */
    String problem() {
      Map<String, Object> problem = map();
      Object code = problem.get("code");
      Object detail = problem.get("detail");
      return call
          + " answered "
          + status
          + (code == null ? "" : " " + code)
          + (detail == null ? (problem.isEmpty() ? ": " + text.strip() : "") : ": " + detail);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }

  @SuppressWarnings("unchecked")
  static List<Object> asList(Object value) {
    return value instanceof List<?> list ? (List<Object>) list : List.of();
  }

  /** A vault command failed; the message says why, the exit code is 1. */
  static final class VaultFailure extends RuntimeException {
    VaultFailure(String message) {
      super(message, null, false, false);
    }
  }
}
