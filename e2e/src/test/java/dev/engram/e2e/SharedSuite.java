package dev.engram.e2e;

import dev.engram.launcher.Component;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One suite for the IT classes that need nothing of their own but API keys (issue 32: starting a
 * suite costs about a minute of CI on two cores, and ten classes paid it each).
 *
 * <p>The first class to run starts it, exactly as {@link TestSuite} starts a class's own suite but
 * with the rate limiter off (HostileInputIT, RaceIT and FaultIT send faster than any gateway may;
 * the limiter has its own tests, capture's and recall's RateLimitTest). Each class then adds its
 * keys the way {@code ./engram key create} does, to the suite's keys file that every service
 * re-reads, and the class starts only once every service accepts each of them. A component a class
 * left stopped is started again for the next one. JUnit closes the suite after the last class (a
 * value of the root store); its logs are kept in {@code target/shared-suite-logs}.
 *
 * <p>What the classes share is state: each writes under its own keys, tenants, agents or random
 * markers, and none counts what another tenant may hold.
 */
final class SharedSuite implements BeforeAllCallback {

  /**
   * The tag of the classes using it: failsafe runs them in an execution of their own, so the suite
   * is closed before the classes with suites of their own start.
   */
  static final String TAG = "shared-suite";

  private static final ExtensionContext.Namespace NAMESPACE =
      ExtensionContext.Namespace.create(SharedSuite.class);
  private static final Duration KEYS_IN_FORCE = Duration.ofSeconds(60);
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /** A call each service answers 401 with an unknown key and otherwise with a known one. */
  private static final Map<Component, String> PROBES =
      Map.of(
          Component.CAPTURE, "GET /v1/stats",
          Component.RECALL, "POST /v1/recall",
          Component.GRAPH, "GET /v1/stats",
          Component.VAULT, "GET /v1/backups");

  private final Map<String, String> keys;
  private TestSuite started;

  private SharedSuite(Map<String, String> keys) {
    this.keys = keys;
  }

  /** No keys of its own: the suite's admin key is enough. */
  static SharedSuite withoutKeys() {
    return new SharedSuite(Map.of());
  }

  /** {@code key, "id:tenant:roles", key, "id:tenant:roles", ...}: the class's keys in clear. */
  static SharedSuite withKeys(String... keyThenIdTenantRoles) {
    if (keyThenIdTenantRoles.length % 2 != 0) {
      throw new IllegalArgumentException("pairs of key and id:tenant:roles");
    }
    Map<String, String> keys = new LinkedHashMap<>();
    for (int i = 0; i < keyThenIdTenantRoles.length; i += 2) {
      keys.put(keyThenIdTenantRoles[i], keyThenIdTenantRoles[i + 1]);
    }
    return new SharedSuite(keys);
  }

  /** The shared suite, once this class's keys are in force (in and after {@code @BeforeAll}). */
  TestSuite started() {
    if (started == null) {
      throw new IllegalStateException("register SharedSuite with @RegisterExtension (static)");
    }
    return started;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    TestSuite suite =
        context
            .getRoot()
            .getStore(NAMESPACE)
            .computeIfAbsent(Shared.class, k -> Shared.start(), Shared.class)
            .suite();
    // A class that failed half-way may have left a component stopped.
    suite.suite.up();
    addKeys(suite);
    started = suite;
  }

  private void addKeys(TestSuite suite) throws IOException, InterruptedException {
    if (keys.isEmpty()) {
      return;
    }
    Path file = suite.home.resolve("secrets").resolve("api-keys");
    List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
    Set<String> ids = new HashSet<>();
    lines.forEach(line -> ids.add(line.split(":", 2)[0]));
    for (Map.Entry<String, String> key : keys.entrySet()) {
      String id = key.getValue().split(":", 2)[0];
      // The services would refuse the whole file and keep the keys they had.
      if (!ids.add(id)) {
        throw new IllegalStateException("key id " + id + " is taken in the shared suite");
      }
      lines.add(key.getValue() + ":" + Keys.sha256(key.getKey()));
    }
    // Replaced whole, as ./engram key create does: a service never reads half a file.
    Path next = Files.createTempFile(file.getParent(), "api-keys", ".tmp");
    Files.write(next, lines, StandardCharsets.UTF_8);
    Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    long deadline = System.nanoTime() + KEYS_IN_FORCE.toNanos();
    String unknown = Keys.random();
    for (Map.Entry<Component, String> probe : PROBES.entrySet()) {
      // Otherwise the wait below could never wait.
      int status = status(suite, probe.getKey(), probe.getValue(), unknown);
      if (status != 401) {
        throw new AssertionError(probe + " answers an unknown key " + status + ", not 401");
      }
    }
    for (String key : keys.keySet()) {
      for (Map.Entry<Component, String> probe : PROBES.entrySet()) {
        while (status(suite, probe.getKey(), probe.getValue(), key) == 401) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError(
                probe.getKey() + " still refuses a key added " + KEYS_IN_FORCE + " ago");
          }
          Thread.sleep(200);
        }
      }
    }
  }

  private static int status(TestSuite suite, Component service, String call, String key)
      throws IOException, InterruptedException {
    String[] methodPath = call.split(" ");
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(suite.suite.url(service) + methodPath[1]))
            .header("Authorization", "Bearer " + key)
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .method(
                methodPath[0],
                methodPath[0].equals("GET")
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString("{}"))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  /** The suite in JUnit's root store: closed (logs kept, home removed) when the run ends. */
  private record Shared(TestSuite suite) implements AutoCloseable {

    static Shared start() {
      try {
        return new Shared(
            TestSuite.start("shared", b -> b.env(Map.of("ENGRAM_RATE_LIMIT_ENABLED", "false"))));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        Path kept = Path.of("target", "shared-suite-logs").toAbsolutePath();
        Files.createDirectories(kept);
        try (Stream<Path> logs = Files.list(suite.home.resolve("logs"))) {
          for (Path log : logs.toList()) {
            Files.copy(log, kept.resolve(log.getFileName()), StandardCopyOption.REPLACE_EXISTING);
          }
        }
      } finally {
        suite.close();
      }
    }
  }
}
