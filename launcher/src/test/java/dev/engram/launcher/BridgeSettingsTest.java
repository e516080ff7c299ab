package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where ./engram mcp forwards to and with which key and headers, from its environment. */
class BridgeSettingsTest {

  @TempDir Path home;

  @Test
  void theUrlKeyAndHeadersComeFromTheEnvironment() throws Exception {
    BridgeSettings settings =
        BridgeSettings.from(
            Map.of(
                "ENGRAM_URL", "https://engram.example.org:8443/",
                "ENGRAM_API_KEY", "egk_abc",
                "ENGRAM_AGENT", "desk",
                "ENGRAM_CHAT", "desk:1",
                "ENGRAM_MODE", " quiet "),
            home);
    assertEquals(URI.create("https://engram.example.org:8443/mcp"), settings.endpoint());
    assertEquals("https://engram.example.org:8443", settings.baseUrl());
    assertEquals(
        Map.of(
            "Authorization", "Bearer egk_abc",
            "X-Engram-Agent", "desk",
            "X-Engram-Chat", "desk:1",
            "X-Engram-Mode", "quiet"),
        settings.headers());
    assertEquals(
        URI.create("http://h:1/mcp"),
        BridgeSettings.from(Map.of("ENGRAM_URL", "http://h:1/mcp", "ENGRAM_API_KEY", "k"), home)
            .endpoint(),
        "a URL that already names /mcp is kept");
  }

  @Test
  void withoutThemTheLocalSuitesRecallAndAdminKey() throws Exception {
    SuiteHome suite = new SuiteHome(home);
    Map<Component, Integer> ports = new EnumMap<>(Component.class);
    for (Component c : Component.values()) {
      ports.put(c, 20000 + c.ordinal());
    }
    SuitePorts.write(suite, ports);
    Files.createDirectories(suite.secrets());
    Files.writeString(suite.secrets().resolve("admin.key"), "egk_local\n");
    BridgeSettings settings = BridgeSettings.from(Map.of("ENGRAM_URL", " "), home);
    assertEquals(
        URI.create("http://127.0.0.1:" + ports.get(Component.RECALL) + "/mcp"),
        settings.endpoint());
    assertEquals(Map.of("Authorization", "Bearer egk_local"), settings.headers());
  }

  @Test
  void whatCannotBeUsedSaysWhatToSet() {
    assertTrue(
        message(Map.of("ENGRAM_API_KEY", "k")).contains("set ENGRAM_URL"), "no suite, no URL");
    assertTrue(message(Map.of("ENGRAM_URL", "http://h:1")).contains("set ENGRAM_API_KEY"));
    assertTrue(
        message(Map.of("ENGRAM_URL", "ftp://h", "ENGRAM_API_KEY", "k"))
            .contains("recall-service's http(s) URL"));
    assertTrue(
        message(Map.of("ENGRAM_URL", "http://h:1", "ENGRAM_API_KEY", "k", "ENGRAM_AGENT", "a\nb"))
            .contains("ENGRAM_AGENT must be printable"));
    assertTrue(
        message(Map.of("ENGRAM_URL", "http://h:1", "ENGRAM_API_KEY", "a key"))
            .contains("ENGRAM_API_KEY must be printable"));
  }

  private String message(Map<String, String> env) {
    return assertThrows(BridgeSettings.Invalid.class, () -> BridgeSettings.from(env, home))
        .getMessage();
  }
}
