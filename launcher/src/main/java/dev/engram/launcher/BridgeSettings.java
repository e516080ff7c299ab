package dev.engram.launcher;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Where {@code ./engram mcp} forwards to and as whom: the MCP endpoint ({@code ENGRAM_URL} + {@code
 * /mcp}, else the local suite's recall-service from {@code $ENGRAM_HOME/config.env}), the API key
 * ({@code ENGRAM_API_KEY}, else {@code $ENGRAM_HOME/secrets/admin.key}) and the headers sent on
 * every upstream request.
 */
record BridgeSettings(URI endpoint, String key, Map<String, String> headers) {

  /** The optional environment variables and the header each one becomes. */
  static final Map<String, String> HEADER_VARIABLES =
      Map.of(
          "ENGRAM_AGENT", "X-Engram-Agent",
          "ENGRAM_CHAT", "X-Engram-Chat",
          "ENGRAM_MODE", "X-Engram-Mode");

  /** A setting that cannot be used; the message says what to set or run. */
  static final class Invalid extends Exception {

    Invalid(String message) {
      super(message);
    }
  }

  BridgeSettings {
    headers = Map.copyOf(headers);
  }

  static BridgeSettings from(Map<String, String> env, Path home) throws Invalid {
    String key = key(env, home);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", "Bearer " + key);
    for (String variable : new String[] {"ENGRAM_AGENT", "ENGRAM_CHAT", "ENGRAM_MODE"}) {
      String value = value(env, variable);
      if (value != null) {
        if (!value.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
          throw new Invalid(variable + " must be printable ASCII (it is sent as a header)");
        }
        headers.put(HEADER_VARIABLES.get(variable), value);
      }
    }
    return new BridgeSettings(endpoint(env, home), key, headers);
  }

  /** The base URL and path of the endpoint, as the SDK's HTTP transport takes them. */
  String baseUrl() {
    return endpoint.getScheme() + "://" + endpoint.getRawAuthority();
  }

  private static URI endpoint(Map<String, String> env, Path home) throws Invalid {
    String url = value(env, "ENGRAM_URL");
    if (url == null) {
      Integer port = SuitePorts.read(new SuiteHome(home)).get(Component.RECALL);
      if (port == null) {
        throw new Invalid(
            "no suite to forward to: set ENGRAM_URL (e.g. http://127.0.0.1:8082), or start"
                + " Engram here with ./engram up (no "
                + home.resolve("config.env")
                + ")");
      }
      url = "http://127.0.0.1:" + port;
    }
    url = url.replaceAll("/+$", "");
    URI uri;
    try {
      uri = new URI(url.endsWith("/mcp") ? url : url + "/mcp");
    } catch (URISyntaxException e) {
      throw new Invalid("ENGRAM_URL is not a URL: " + e.getMessage());
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
      throw new Invalid(
          "ENGRAM_URL must be recall-service's http(s) URL, e.g. http://127.0.0.1:8082: " + url);
    }
    return uri;
  }

  private static String key(Map<String, String> env, Path home) throws Invalid {
    String key = value(env, "ENGRAM_API_KEY");
    if (key != null) {
      if (!printable(key)) {
        throw new Invalid("ENGRAM_API_KEY must be printable ASCII without spaces");
      }
      return key;
    }
    Path file = ServiceClient.adminKeyFile(home);
    try {
      key = Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (NoSuchFileException e) {
      throw new Invalid(
          "no API key: set ENGRAM_API_KEY (./engram key create --tenant <t> --roles agent), or"
              + " start Engram here with ./engram up (no "
              + file
              + ")");
    } catch (IOException e) {
      throw new Invalid("cannot read the API key " + file + ": " + e.getMessage());
    }
    if (key.isEmpty() || !printable(key)) {
      throw new Invalid("the API key in " + file + " is empty or not printable");
    }
    return key;
  }

  private static boolean printable(String key) {
    return key.chars().allMatch(c -> c > 0x20 && c < 0x7f);
  }

  private static String value(Map<String, String> env, String name) {
    String value = env.get(name);
    return value == null || value.isBlank() ? null : value.strip();
  }
}
