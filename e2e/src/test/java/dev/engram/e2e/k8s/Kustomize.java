package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Renders k8s/ as {@code kubectl apply -k} would, without a cluster: {@code kubectl kustomize},
 * then a no-op {@code kubectl annotate --local} prints the objects as JSON. Rendered directories
 * are cached for the JVM, since every k8s test class reads the same ones.
 */
public final class Kustomize {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, List<JsonNode>> RENDERED = new ConcurrentHashMap<>();
  private static final Path REPO_ROOT = findRepoRoot();

  private Kustomize() {}

  /** Skips the calling test class when kubectl is missing, unless ENGRAM_REQUIRE_KUBECTL=1. */
  static void requireKubectl() throws Exception {
    boolean present;
    try {
      present = run(List.of("kubectl", "version", "--client"), null).exit() == 0;
    } catch (IOException e) {
      present = false;
    }
    if (!present) {
      if ("1".equals(System.getenv("ENGRAM_REQUIRE_KUBECTL"))) {
        fail("kubectl is required to check k8s/ (ENGRAM_REQUIRE_KUBECTL=1): install kubectl");
      }
      String why = "kubectl not found: k8s/ manifests NOT checked (install kubectl)";
      System.err.println("k8s tests skipped: " + why);
      Assumptions.abort(why);
    }
  }

  public static Path repoRoot() {
    return REPO_ROOT;
  }

  /**
   * Every directory that {@code kubectl apply -k} is meant to be run on: base and each overlay.
   * Components are not listed: they render only inside an overlay that uses them.
   */
  static List<String> deployableDirs() throws IOException {
    List<String> dirs = new ArrayList<>(List.of("k8s/base"));
    try (Stream<Path> overlays = Files.list(REPO_ROOT.resolve("k8s/overlays"))) {
      overlays
          .filter(dir -> Files.isRegularFile(dir.resolve("kustomization.yaml")))
          .map(dir -> "k8s/overlays/" + dir.getFileName())
          .sorted()
          .forEach(dirs::add);
    }
    return dirs;
  }

  /** The deployable dirs that deploy the suite (prod-volumes holds only the backup volume). */
  static List<String> suiteDirs() throws IOException {
    return deployableDirs().stream().filter(d -> !d.endsWith("-volumes")).toList();
  }

  /**
   * The shared ConfigMap, generated as engram-config-&lt;hash of its content&gt;: a change of the
   * configuration renames it in every pod template, so applying it rolls the pods.
   */
  public static JsonNode engramConfig(List<JsonNode> objects) {
    List<JsonNode> found =
        all(objects, "ConfigMap").stream()
            .filter(c -> c.at("/metadata/name").asText().matches("engram-config-[a-z0-9]{10}"))
            .toList();
    assertEquals(1, found.size(), "one ConfigMap engram-config-<hash>");
    return found.get(0);
  }

  /** The objects {@code kubectl apply -k <dir>} would send, as JSON. */
  public static List<JsonNode> render(String dir) {
    return RENDERED.computeIfAbsent(
        dir,
        d -> {
          try {
            Result yaml =
                run(List.of("kubectl", "kustomize", REPO_ROOT.resolve(d).toString()), null);
            assertEquals(0, yaml.exit(), "kubectl kustomize " + d + " failed:\n" + yaml.err());
            return List.copyOf(toJson(yaml.out()));
          } catch (Exception e) {
            throw new IllegalStateException("could not render " + d, e);
          }
        });
  }

  /** YAML (one or more documents) to JSON objects, as kubectl reads them. */
  public static List<JsonNode> toJson(String yaml) throws Exception {
    Result json =
        run(
            List.of("kubectl", "annotate", "--local", "-o", "json", "-f", "-", "engram.dev/none-"),
            yaml);
    assertEquals(0, json.exit(), "kubectl could not read the manifests:\n" + json.err());
    List<JsonNode> objects = new ArrayList<>();
    JSON.readerFor(JsonNode.class)
        .readValues(json.out())
        .forEachRemaining(n -> objects.add((JsonNode) n));
    return objects;
  }

  public static JsonNode find(List<JsonNode> objects, String kind, String name) {
    return objects.stream()
        .filter(o -> o.path("kind").asText().equals(kind))
        .filter(o -> o.at("/metadata/name").asText().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " named " + name));
  }

  public static List<JsonNode> all(List<JsonNode> objects, String kind) {
    return objects.stream().filter(o -> o.path("kind").asText().equals(kind)).toList();
  }

  private record Result(int exit, String out, String err) {}

  private static Result run(List<String> command, String stdin) throws Exception {
    Process process = new ProcessBuilder(command).start();
    CompletableFuture<String> out = read(process.getInputStream());
    CompletableFuture<String> err = read(process.getErrorStream());
    try (OutputStream in = process.getOutputStream()) {
      if (stdin != null) {
        in.write(stdin.getBytes(StandardCharsets.UTF_8));
      }
    }
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail(String.join(" ", command) + " did not finish within 60 s");
    }
    return new Result(process.exitValue(), out.get(), err.get());
  }

  private static CompletableFuture<String> read(InputStream stream) {
    return CompletableFuture.supplyAsync(
        () -> {
          try (stream) {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
          } catch (IOException e) {
            return "";
          }
        });
  }

  private static Path findRepoRoot() {
    String configured = System.getProperty("engram.repo.root");
    if (configured != null && Files.isDirectory(Path.of(configured, "k8s"))) {
      return Path.of(configured);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("k8s/base/kustomization.yaml"))) {
        return dir;
      }
    }
    throw new IllegalStateException("k8s/base/kustomization.yaml not found above the working dir");
  }
}
