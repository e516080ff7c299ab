package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
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
          "ENGRAM_SERVICES_INTERNAL_KEY",
          "QUARKUS_DATASOURCE_PASSWORD",
          "QUARKUS_NEO4J_AUTHENTICATION_PASSWORD",
          "ENGRAM_VAULT_ENCRYPTION_KEYS");

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  static List<String> deployableDirs() throws Exception {
    return Kustomize.suiteDirs();
  }

  @ParameterizedTest
  @MethodSource("deployableDirs")
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
      assertTrue(
          configMaps.contains(engramConfig(objects).at("/metadata/name").asText()),
          where + ": envFrom engram-config");
      String own = "engram-" + service.replace("-service", "") + "-secrets";
      assertTrue(secrets.contains(own), where + ": envFrom " + own);
      assertTrue(container.at("/resources/requests/memory").isTextual(), where + ": requests");
      assertTrue(container.at("/resources/limits/memory").isTextual(), where + ": limits");

      assertEquals(9000, containerPort(container, "management"), where + ": management port");
      assertEquals(
          "9000",
          deployment.at("/spec/template/metadata/annotations/prometheus.io~1port").asText(),
          where + ": metrics scraped on the management port");
      JsonNode svc = find(objects, "Service", service);
      assertTrue(servicePorts(svc).contains(8080), where + ": Service on port 8080");
      assertFalse(servicePorts(svc).contains(9000), where + ": management not in the Service");
      assertSelects(svc, deployment, where);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void theConfigMapHoldsTheSharedKeysPointingAtRealServicesAndNoSecrets(String dir)
      throws Exception {
    List<JsonNode> objects = render(dir);
    JsonNode data = engramConfig(objects).path("data");
    for (String key : SHARED_KEYS) {
      assertTrue(data.hasNonNull(key), dir + ": engram-config lacks " + key);
    }
    data.fieldNames()
        .forEachRemaining(
            key -> {
              assertFalse(
                  SECRET_KEYS.contains(key)
                      || key.contains("PASSWORD")
                      || (key.contains("KEYS") && !key.endsWith("_FILE")),
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
  @MethodSource("deployableDirs")
  void infrastructureRunsAsStatefulSetsWithStorageProbesAndAService(String dir) throws Exception {
    List<JsonNode> objects = render(dir);
    // prod runs PostgreSQL through CloudNativePG (K8sCnpgTest).
    List<String> stores =
        dir.contains("prod") ? List.of("neo4j", "qdrant") : List.of("postgres", "neo4j", "qdrant");
    for (String name : stores) {
      JsonNode set = find(objects, "StatefulSet", name);
      JsonNode container = set.at("/spec/template/spec/containers/0");
      assertTrue(set.at("/spec/volumeClaimTemplates").size() > 0, dir + " " + name + ": PVC");
      for (String probe : List.of("startupProbe", "livenessProbe", "readinessProbe")) {
        assertFalse(container.path(probe).isMissingNode(), dir + " " + name + ": " + probe);
      }
      // A pinned release (major.minor at least), never latest or a bare major: a re-pulled image
      // must be the server the volume was written by.
      String image = container.path("image").asText();
      assertTrue(
          image.matches("[^:]+:v?\\d+\\.\\d+[^:]*"), dir + " " + name + ": pinned tag: " + image);
      JsonNode svc = find(objects, "Service", name);
      assertSelects(svc, set, dir + " " + name);
      // The governing Service: the store's own, or its peers' (prod's Qdrant cluster).
      String governing = set.at("/spec/serviceName").asText();
      assertTrue(governing.equals(name) || governing.equals(name + "-peers"), dir + " " + name);
      assertSelects(find(objects, "Service", governing), set, dir + " " + name);
    }
  }

  @ParameterizedTest
  @MethodSource("deployableDirs")
  void noSecretIsRenderedAndEverySecretKeyUsedIsInTheTemplate(String dir) throws Exception {
    List<JsonNode> objects = render(dir);
    // `kubectl apply -k` must never overwrite real keys with the template's placeholders.
    assertTrue(
        objects.stream().noneMatch(o -> o.path("kind").asText().equals("Secret")),
        dir + " renders a Secret");
    List<JsonNode> template =
        Kustomize.toJson(
            Files.readString(Kustomize.repoRoot().resolve("k8s/base/secret.example.yaml")));
    Set<String> listed = new HashSet<>();
    Set<String> listedKeys = new HashSet<>();
    for (JsonNode secret : template) {
      secret
          .path("stringData")
          .fieldNames()
          .forEachRemaining(
              k -> {
                listed.add(secret.at("/metadata/name").asText() + "/" + k);
                listedKeys.add(k);
              });
    }
    for (String key : SECRET_KEYS) {
      assertTrue(listedKeys.contains(key), "secret.example.yaml lacks " + key);
    }
    List<String> used = new ArrayList<>();
    for (JsonNode o : objects) {
      o.findValues("secretKeyRef")
          .forEach(ref -> used.add(ref.path("name").asText() + "/" + ref.path("key").asText()));
    }
    assertFalse(used.isEmpty(), dir + ": the infrastructure takes its passwords from a Secret");
    for (String key : used) {
      assertTrue(
          listed.contains(key), dir + " uses Secret key " + key + " missing in the template");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"k8s/base", "k8s/overlays/dev"})
  void neo4jGetsOnlyVariablesItsImageUnderstands(String dir) throws Exception {
    // The image turns every NEO4J_* variable into a neo4j.conf setting and Neo4j refuses unknown
    // ones: only NEO4J_AUTH (read by the entrypoint) and real settings (NEO4J_server_...) may be
    // set.
    JsonNode pod = find(render(dir), "StatefulSet", "neo4j").at("/spec/template/spec");
    assertFalse(pod.path("enableServiceLinks").asBoolean(true), dir + ": no NEO4J_PORT_* links");
    List<String> names = new ArrayList<>();
    pod.at("/containers/0/env").forEach(e -> names.add(e.path("name").asText()));
    assertTrue(names.contains("NEO4J_AUTH"), dir + ": NEO4J_AUTH set");
    for (String name : names) {
      assertTrue(
          !name.startsWith("NEO4J_")
              || name.equals("NEO4J_AUTH")
              || name.startsWith("NEO4J_server_"),
          dir + ": " + name + " would become an unknown Neo4j setting");
    }
    JsonNode auth =
        pod.at("/containers/0/env").findParents("name").stream()
            .filter(e -> e.path("name").asText().equals("NEO4J_AUTH"))
            .findFirst()
            .orElseThrow();
    assertTrue(auth.path("value").asText().startsWith("neo4j/$("), dir + ": user neo4j, password");
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
    List<String> images = new ArrayList<>(SERVICES);
    images.add("console");
    for (String service : images) {
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
    // Health lives on the management port (the cluster profile), not beside the public API.
    assertEquals(9000, number, where + ": " + probe + " on the management port");
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

  private static JsonNode engramConfig(List<JsonNode> objects) {
    return Kustomize.engramConfig(objects);
  }

  private static JsonNode find(List<JsonNode> objects, String kind, String name) {
    return Kustomize.find(objects, kind, name);
  }

  private static List<JsonNode> render(String dir) {
    return Kustomize.render(dir);
  }
}
