package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Kubernetes manifests render (kustomize, as {@code kubectl apply -k} would) and wire the suite
 * together: every service probed on its health endpoints and configured from the one ConfigMap and
 * the Secret, every URL in the ConfigMap pointing at a Service that exists, no keys in the
 * ConfigMap, and the infrastructure as StatefulSets with storage. Rendering needs kubectl but no
 * cluster: the YAML is turned into JSON with {@code kubectl annotate --local}.
 */
class K8sManifestsTest {

  private static final List<String> SERVICES =
      List.of("capture-service", "recall-service", "graph-service", "vault-service");
  private static final List<String> SHARED_KEYS =
      List.of(
          "ENGRAM_SERVICES_CAPTURE_URL",
          "ENGRAM_SERVICES_RECALL_URL",
          "ENGRAM_SERVICES_GRAPH_URL",
          "ENGRAM_SERVICES_VAULT_URL",
          "QUARKUS_DATASOURCE_REACTIVE_URL",
          "QUARKUS_DATASOURCE_JDBC_URL",
          "QUARKUS_DATASOURCE_USERNAME",
          "QUARKUS_NEO4J_URI",
          "QUARKUS_NEO4J_AUTHENTICATION_USERNAME",
          "ENGRAM_RECALL_STORE",
          "ENGRAM_RECALL_QDRANT_HOST",
          "ENGRAM_RECALL_QDRANT_PORT",
          "ENGRAM_RECALL_INDEX_DIR",
          "ENGRAM_VAULT_DIRECTORY",
          "OPT_OUT_TRACKING",
          "DJL_OFFLINE");
  private static final List<String> SECRET_KEYS =
      List.of(
          "ENGRAM_AUTH_KEYS",
          "ENGRAM_SERVICES_INTERNAL_KEY",
          "QUARKUS_DATASOURCE_PASSWORD",
          "QUARKUS_NEO4J_AUTHENTICATION_PASSWORD",
          "ENGRAM_VAULT_ENCRYPTION_KEYS");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<String, List<JsonNode>> RENDERED = new HashMap<>();
  private static Path repoRoot;

  @BeforeAll
  static void requireKubectl() throws Exception {
    repoRoot = findRepoRoot();
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
      System.err.println("K8sManifestsTest skipped: " + why);
      Assumptions.abort(why);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void everyServiceIsADeploymentProbedOnItsHealthEndpointsAndConfiguredFromConfigMapAndSecret(
      String dir) throws Exception {
    List<JsonNode> objects = render(dir);
    for (String service : SERVICES) {
      JsonNode deployment = find(objects, "Deployment", service);
      JsonNode container = deployment.at("/spec/template/spec/containers/0");
      String where = dir + " " + service;
      assertTrue(container.path("image").asText().startsWith("engram/" + service + ":"), where);
      assertEquals(8080, containerPort(container, "http"), where + ": listens on 8080");
      assertProbe(container, "livenessProbe", "/q/health/live", where);
      assertProbe(container, "readinessProbe", "/q/health/ready", where);
      assertFalse(container.path("startupProbe").isMissingNode(), where + ": startup probe");
      Set<String> configMaps = new HashSet<>();
      Set<String> secrets = new HashSet<>();
      for (JsonNode from : container.path("envFrom")) {
        configMaps.add(from.at("/configMapRef/name").asText(null));
        secrets.add(from.at("/secretRef/name").asText(null));
      }
      assertTrue(configMaps.contains("engram-config"), where + ": envFrom engram-config");
      assertTrue(secrets.contains("engram-secrets"), where + ": envFrom engram-secrets");
      assertTrue(container.at("/resources/requests/memory").isTextual(), where + ": requests");
      assertTrue(container.at("/resources/limits/memory").isTextual(), where + ": limits");

      JsonNode svc = find(objects, "Service", service);
      assertTrue(servicePorts(svc).contains(8080), where + ": Service on port 8080");
      assertSelects(svc, deployment, where);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void theConfigMapHoldsTheSharedKeysPointingAtRealServicesAndNoSecrets(String dir)
      throws Exception {
    List<JsonNode> objects = render(dir);
    JsonNode data = find(objects, "ConfigMap", "engram-config").path("data");
    for (String key : SHARED_KEYS) {
      assertTrue(data.hasNonNull(key), dir + ": engram-config lacks " + key);
    }
    data.fieldNames()
        .forEachRemaining(
            key -> {
              assertFalse(
                  SECRET_KEYS.contains(key) || key.contains("PASSWORD") || key.contains("KEYS"),
                  dir + ": " + key + " belongs in the Secret, not in the ConfigMap");
            });
    assertEquals("qdrant", data.path("ENGRAM_RECALL_STORE").asText());
    // Every address the services are given must be a Service of this deployment, on that port.
    for (String key :
        List.of(
            "ENGRAM_SERVICES_CAPTURE_URL",
            "ENGRAM_SERVICES_RECALL_URL",
            "ENGRAM_SERVICES_GRAPH_URL",
            "ENGRAM_SERVICES_VAULT_URL",
            "QUARKUS_DATASOURCE_REACTIVE_URL",
            "QUARKUS_DATASOURCE_JDBC_URL",
            "QUARKUS_NEO4J_URI")) {
      URI uri = URI.create(data.path(key).asText().replaceFirst("^jdbc:", ""));
      JsonNode svc = find(objects, "Service", uri.getHost());
      assertTrue(
          servicePorts(svc).contains(uri.getPort()),
          dir + ": " + key + " points at port " + uri.getPort() + " of " + uri.getHost());
    }
    // Qdrant is addressed by host and gRPC port (recall's engram.recall.qdrant.host / port).
    String qdrantHost = data.path("ENGRAM_RECALL_QDRANT_HOST").asText();
    int qdrantPort = Integer.parseInt(data.path("ENGRAM_RECALL_QDRANT_PORT").asText());
    assertTrue(
        servicePorts(find(objects, "Service", qdrantHost)).contains(qdrantPort),
        dir + ": Qdrant at port " + qdrantPort + " of " + qdrantHost);
    // vault-service writes its backups where a persistent volume is mounted.
    JsonNode vault = find(objects, "Deployment", "vault-service").at("/spec/template/spec");
    String backupVolume =
        mountedVolume(vault.at("/containers/0"), data.path("ENGRAM_VAULT_DIRECTORY").asText())
            .orElseThrow(() -> new AssertionError(dir + ": nothing mounted at the backups dir"));
    String claim = volume(vault, backupVolume).at("/persistentVolumeClaim/claimName").asText();
    find(objects, "PersistentVolumeClaim", claim);
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void infrastructureRunsAsStatefulSetsWithStorageProbesAndAService(String dir) throws Exception {
    List<JsonNode> objects = render(dir);
    for (String name : List.of("postgres", "neo4j", "qdrant")) {
      JsonNode set = find(objects, "StatefulSet", name);
      JsonNode container = set.at("/spec/template/spec/containers/0");
      assertTrue(set.at("/spec/volumeClaimTemplates").size() > 0, dir + " " + name + ": PVC");
      for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
        assertFalse(container.path(probe).isMissingNode(), dir + " " + name + ": " + probe);
      }
      JsonNode svc = find(objects, "Service", name);
      assertEquals(name, set.at("/spec/serviceName").asText(), dir + " " + name);
      assertSelects(svc, set, dir + " " + name);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void noSecretIsRenderedAndEverySecretKeyUsedIsInTheTemplate(String dir) throws Exception {
    List<JsonNode> objects = render(dir);
    // `kubectl apply -k` must never overwrite real keys with the template's placeholders.
    assertTrue(
        objects.stream().noneMatch(o -> o.path("kind").asText().equals("Secret")),
        dir + " renders a Secret");
    List<JsonNode> template =
        toJson(Files.readString(repoRoot.resolve("k8s/base/secret.example.yaml")));
    JsonNode stringData = template.get(0).path("stringData");
    for (String key : SECRET_KEYS) {
      assertTrue(stringData.has(key), "secret.example.yaml lacks " + key);
    }
    List<String> used = new ArrayList<>();
    for (JsonNode o : objects) {
      o.findValues("secretKeyRef").forEach(ref -> used.add(ref.path("key").asText()));
    }
    assertFalse(used.isEmpty(), dir + ": the infrastructure takes its passwords from the Secret");
    for (String key : used) {
      assertTrue(stringData.has(key), dir + " uses Secret key " + key + " missing in the template");
    }
  }

  @Test
  void theDevOverlayUsesItsNamespaceAndImageTag() throws Exception {
    List<JsonNode> objects = render("k8s/overlays/dev");
    find(objects, "Namespace", "engram-dev");
    for (JsonNode o : objects) {
      if (!o.path("kind").asText().equals("Namespace")) {
        assertEquals(
            "engram-dev", o.at("/metadata/namespace").asText(), o.at("/metadata/name").asText());
      }
    }
    for (String service : SERVICES) {
      assertEquals(
          "engram/" + service + ":0.1.0-dev",
          find(objects, "Deployment", service)
              .at("/spec/template/spec/containers/0/image")
              .asText());
    }
  }

  // ---------------------------------------------------------------------------------------------

  private static void assertProbe(JsonNode container, String probe, String path, String where) {
    JsonNode get = container.path(probe).path("httpGet");
    assertEquals(path, get.path("path").asText(), where + ": " + probe + " path");
    JsonNode port = get.path("port");
    int number = port.isInt() ? port.asInt() : containerPort(container, port.asText());
    assertEquals(8080, number, where + ": " + probe + " port");
  }

  private static void assertSelects(JsonNode service, JsonNode workload, String where) {
    JsonNode selector = service.at("/spec/selector");
    JsonNode labels = workload.at("/spec/template/metadata/labels");
    assertTrue(selector.size() > 0, where + ": the Service has a selector");
    selector
        .fields()
        .forEachRemaining(
            e ->
                assertEquals(
                    e.getValue().asText(),
                    labels.path(e.getKey()).asText(),
                    where + ": the Service selects the pods (" + e.getKey() + ")"));
  }

  private static int containerPort(JsonNode container, String name) {
    for (JsonNode port : container.path("ports")) {
      if (port.path("name").asText().equals(name)) {
        return port.path("containerPort").asInt();
      }
    }
    return -1;
  }

  private static Set<Integer> servicePorts(JsonNode service) {
    Set<Integer> ports = new HashSet<>();
    service.at("/spec/ports").forEach(p -> ports.add(p.path("port").asInt()));
    return ports;
  }

  private static Optional<String> mountedVolume(JsonNode container, String path) {
    for (JsonNode mount : container.path("volumeMounts")) {
      if (mount.path("mountPath").asText().equals(path)) {
        return Optional.of(mount.path("name").asText());
      }
    }
    return Optional.empty();
  }

  private static JsonNode volume(JsonNode podSpec, String name) {
    for (JsonNode v : podSpec.path("volumes")) {
      if (v.path("name").asText().equals(name)) {
        return v;
      }
    }
    throw new AssertionError("no volume " + name);
  }

  private static JsonNode find(List<JsonNode> objects, String kind, String name) {
    return objects.stream()
        .filter(o -> o.path("kind").asText().equals(kind))
        .filter(o -> o.at("/metadata/name").asText().equals(name))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " named " + name));
  }

  private static synchronized List<JsonNode> render(String dir) throws Exception {
    List<JsonNode> cached = RENDERED.get(dir);
    if (cached == null) {
      Result yaml = run(List.of("kubectl", "kustomize", repoRoot.resolve(dir).toString()), null);
      assertEquals(0, yaml.exit(), "kubectl kustomize " + dir + " failed:\n" + yaml.err());
      cached = toJson(yaml.out());
      assertNotNull(cached);
      RENDERED.put(dir, cached);
    }
    return cached;
  }

  /** YAML to JSON without a cluster: a no-op annotate on local objects prints them as JSON. */
  private static List<JsonNode> toJson(String yaml) throws Exception {
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
