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
 * One service's public API for the CLI ({@code ./engram backup|...|audit} on vault-service, the
 * memory verbs on capture- and recall-service): the URL from {@code $ENGRAM_HOME/config.env}
 * ({@code ENGRAM_<SERVICE>_URL}, written by {@code ./engram up}) and a key, by default the local
 * admin key from {@code secrets/admin.key} (roles agent, admin, ops). The JDK's HTTP client; the
 * answers are read by {@link Json}.
 */
final class ServiceClient {

  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  /** Verification reads a whole archive: it may take as long as the archive is big. */
  private static final Duration VERIFY_TIMEOUT = Duration.ofHours(2);

  private final String service;
  private final String baseUrl;
  private final String key;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  ServiceClient(String service, String baseUrl, String key) {
    this.service = service;
    this.baseUrl = baseUrl.replaceAll("/+$", "");
    this.key = key;
  }

  /** The config.env key with a service's URL, e.g. {@code ENGRAM_VAULT_URL}. */
  static String urlKey(Component service) {
    return "ENGRAM_" + service.name() + "_URL";
  }

  /** The client of a service of the suite under {@code home}, with the local admin key. */
  static ServiceClient of(Path home, Component service) {
    return of(home, service, readKey(adminKeyFile(home), "admin"));
  }

  /** A key file's secret; a file that cannot be read is a failure naming it. */
  static String readKey(Path keyFile, String which) {
    try {
      return Files.readString(keyFile, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new ServiceFailure(
          "cannot read the "
              + which
              + " key "
              + keyFile
              + " ("
              + e.getMessage()
              + "): ./engram up makes it");
    }
  }

  /** The client of a service of the suite under {@code home}, presenting {@code key}. */
  static ServiceClient of(Path home, Component service, String key) {
    Path config = home.resolve("config.env");
    String wanted = urlKey(service);
    String url = null;
    try {
      if (Files.isRegularFile(config)) {
        for (String line : Files.readAllLines(config, StandardCharsets.UTF_8)) {
          int eq = line.indexOf('=');
          if (!line.startsWith("#") && eq > 0 && line.substring(0, eq).strip().equals(wanted)) {
            url = line.substring(eq + 1).strip();
          }
        }
      }
    } catch (IOException e) {
      throw new ServiceFailure("cannot read " + config + ": " + e.getMessage());
    }
    if (url == null || url.isEmpty()) {
      throw new Unreachable(
          "no " + wanted + " in " + config + ": Engram was never started here (./engram up)");
    }
    return new ServiceClient(service.module(), url, key);
  }

  /**
   * The vault's client: backups and restores span every tenant, so it presents the suite's ops key
   * (tenant {@code *}, {@code secrets/ops.key}), not the admin key of tenant local.
   */
  static ServiceClient vault(Path home) {
    return of(home, Component.VAULT, readKey(home.resolve("secrets").resolve("ops.key"), "ops"));
  }

  static Path adminKeyFile(Path home) {
    return home.resolve("secrets").resolve("admin.key");
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

  Reply delete(String path) {
    return send("DELETE", path, null, CALL_TIMEOUT);
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
      throw new Unreachable(
          service + " is not reachable at " + baseUrl + ": is Engram up? (./engram status)");
    } catch (HttpTimeoutException e) {
      throw new Unreachable(method + " " + path + " timed out after " + timeout.toSeconds() + " s");
    } catch (IOException e) {
      throw new ServiceFailure(method + " " + baseUrl + path + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ServiceFailure("interrupted");
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
        throw new ServiceFailure(problem());
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

  /** A call failed or was refused; the message says why. */
  static class ServiceFailure extends RuntimeException {
    ServiceFailure(String message) {
      super(message, null, false, false);
    }
  }

  /** The suite is not there: never started here, or not listening. */
  static final class Unreachable extends ServiceFailure {
    Unreachable(String message) {
      super(message);
    }
  }
}
