package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --url/--key} and {@code ENGRAM_URL/ENGRAM_API_KEY}: the memory and session verbs against a
 * suite that is not under {@code $ENGRAM_HOME} (an empty home here), e.g. a cluster's Ingress.
 */
class SuiteByUrlTest {

  private static final String KEY = "egk_cluster-admin";

  @TempDir Path emptyHome;
  private final FakeService ingress = new FakeService();
  private final Map<String, String> env = new HashMap<>();
  private CliRun cli;

  SuiteByUrlTest() throws IOException {}

  @BeforeEach
  void cli() {
    cli = new CliRun(emptyHome, env);
    ingress
        .on("POST /v1/memories", 201, MemoryCommandsTest.MEMORY)
        .on("POST /v1/recall", 200, MemoryCommandsTest.RECALLED)
        .on("DELETE /v1/memories/42", 204, "");
  }

  @AfterEach
  void stop() {
    ingress.close();
  }

  @Test
  void oneUrlAndAKeyReachCaptureAndRecallWithoutAnyHome() {
    assertEquals(
        0,
        cli.fresh("remember", "Alice prefers green tea", "--url", ingress.url(), "--key", KEY),
        cli.err());
    assertEquals(
        0, cli.fresh("recall", "tea", "--url=" + ingress.url() + "/", "--key=" + KEY), cli.err());
    assertTrue(cli.out().contains("1. memory   #42"), cli.out());
    assertEquals(0, cli.fresh("forget", "42", "--url", ingress.url(), "--key", KEY), cli.err());
    assertEquals(3, ingress.requests.size());
    ingress.requests.forEach(r -> assertEquals("Bearer " + KEY, r.authorization()));
  }

  @Test
  void theEnvironmentFormWorksAndAnOptionWinsOverIt() throws IOException {
    env.put("ENGRAM_URL", ingress.url());
    env.put("ENGRAM_API_KEY", KEY);
    assertEquals(0, cli.fresh("recall", "tea"), cli.err());
    assertEquals("Bearer " + KEY, ingress.requests.get(0).authorization());

    try (FakeService other = new FakeService()) {
      other.on("POST /v1/recall", 200, MemoryCommandsTest.RECALLED);
      assertEquals(0, cli.fresh("recall", "tea", "--url", other.url(), "--key", "egk_other"));
      assertEquals("Bearer egk_other", other.requests.get(0).authorization());
    }
    assertEquals(1, ingress.requests.size(), "the options won");
  }

  @Test
  void eachServiceMayHaveItsOwnUrlForPortForwards() throws IOException {
    try (FakeService recall = new FakeService()) {
      recall.on("POST /v1/recall", 200, MemoryCommandsTest.RECALLED);
      env.put("ENGRAM_API_KEY", KEY);
      assertEquals(
          0,
          cli.fresh("recall", "tea", "--capture-url", ingress.url(), "--recall-url", recall.url()));
      assertEquals(0, cli.fresh("remember", "x", "--capture-url", ingress.url()));
      assertEquals(1, recall.requests.size());
      assertEquals(List.of("/v1/memories"), ingress.requests.stream().map(r -> r.path()).toList());
    }
  }

  @Test
  void noKeyABadKeyABadUrlAndNobodyThereEachSaySo() {
    assertEquals(3, cli.fresh("recall", "tea", "--url", ingress.url()));
    assertTrue(cli.err().contains("no API key: set ENGRAM_API_KEY (or --key)"), cli.err());

    assertEquals(2, cli.fresh("recall", "tea", "--url", "ftp://engram", "--key", KEY));
    assertTrue(cli.err().contains("must be an http:// or https:// address"), cli.err());
    assertEquals(2, cli.fresh("recall", "tea", "--url"));
    assertTrue(ingress.requests.isEmpty());

    ingress.on(
        "GET /v1/stats", 401, "{\"status\":401,\"code\":\"unauthorized\",\"detail\":\"bad key\"}");
    assertEquals(1, cli.fresh("stats", "--url", ingress.url(), "--key", "egk_wrong"));
    assertTrue(
        cli.err().startsWith("engram stats: GET /v1/stats answered 401 unauthorized: bad key"),
        cli.err());

    String url = ingress.url();
    ingress.close();
    assertEquals(3, cli.fresh("recall", "tea", "--url", url, "--key", KEY));
    assertTrue(cli.err().contains("recall-service is not reachable at " + url), cli.err());
  }
}
