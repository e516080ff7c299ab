package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each workload sees only the Secret keys it reads: one Secret per service and per store (listed in
 * base/secret.example.yaml, the keys there being the ones the services' configuration names), and
 * the API key hashes as a mounted file that the services re-read when the Secret changes.
 */
class K8sSecretsTest {

  private static final String AUTH_DIR = "/etc/engram/auth";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  static List<String> suiteDirs() throws Exception {
    return Kustomize.suiteDirs();
  }

  @ParameterizedTest
  @MethodSource("suiteDirs")
  void everyWorkloadSeesOnlyTheKeysItReads(String dir) throws Exception {
    Map<String, Set<String>> template = templateKeys();
    List<JsonNode> objects = render(dir);
    Map<String, Set<String>> seen = new TreeMap<>();
    for (JsonNode workload : workloads(objects)) {
      seen.put(workload.at("/metadata/name").asText(), visibleKeys(workload, template));
    }
    String internal = "engram-*-secrets/ENGRAM_SERVICES_INTERNAL_KEY";
    assertEquals(
        keys(
            "engram-api-keys/keys",
            internal.replace("*", "capture"),
            "engram-capture-secrets/QUARKUS_DATASOURCE_PASSWORD",
            "engram-capture-secrets/ENGRAM_CAPTURE_REFLECTOR_LLM_API_KEY"),
        seen.get("capture-service"),
        dir);
    assertEquals(
        keys(
            "engram-api-keys/keys",
            internal.replace("*", "recall"),
            "engram-recall-secrets/ENGRAM_RECALL_QDRANT_API_KEY",
            "engram-recall-secrets/ENGRAM_RECALL_EMBEDDING_HTTP_API_KEY"),
        seen.get("recall-service"),
        dir);
    Set<String> graph =
        keys(
            "engram-api-keys/keys",
            internal.replace("*", "graph"),
            "engram-graph-secrets/QUARKUS_NEO4J_AUTHENTICATION_PASSWORD");
    assertEquals(graph, seen.get("graph-service"), dir);
    if (seen.containsKey("graph-centrality")) {
      assertEquals(graph, seen.get("graph-centrality"), dir);
    }
    assertEquals(
        keys(
            "engram-api-keys/keys",
            internal.replace("*", "vault"),
            "engram-vault-secrets/ENGRAM_VAULT_ENCRYPTION_KEYS",
            "engram-vault-secrets/ENGRAM_VAULT_ENCRYPTION_PRIMARY_KEY",
            "engram-vault-secrets/ENGRAM_VAULT_S3_ACCESS_KEY_ID",
            "engram-vault-secrets/ENGRAM_VAULT_S3_SECRET_ACCESS_KEY"),
        seen.get("vault-service"),
        dir);
    assertEquals(Set.of(), seen.get("console"), dir + ": the console holds no key");
    assertEquals(keys("engram-neo4j-secrets/password"), seen.get("neo4j"), dir);
    boolean prod = dir.contains("prod");
    assertEquals(prod ? keys("engram-qdrant-secrets/api-key") : Set.of(), seen.get("qdrant"), dir);
    if (prod) {
      assertFalse(seen.containsKey("postgres"), dir + ": CloudNativePG runs PostgreSQL");
    } else {
      assertEquals(keys("engram-postgres-secrets/password"), seen.get("postgres"), dir);
    }
    // The point of splitting: a recall or graph pod cannot read the record's password.
    seen.forEach(
        (name, visible) -> {
          if (!name.equals("capture-service")) {
            assertFalse(
                visible.toString().contains("QUARKUS_DATASOURCE_PASSWORD"),
                dir + ": " + name + " sees the datasource password");
          }
        });
  }

  @ParameterizedTest
  @MethodSource("suiteDirs")
  void theApiKeysAreAFileMountedSoThatSecretUpdatesReachIt(String dir) {
    List<JsonNode> objects = render(dir);
    JsonNode data = Kustomize.engramConfig(objects).path("data");
    assertEquals(AUTH_DIR + "/keys", data.path("ENGRAM_AUTH_KEYS_FILE").asText(), dir);
    assertFalse(data.has("ENGRAM_AUTH_KEYS"), dir + ": no keys in the ConfigMap");
    for (JsonNode workload : workloads(objects)) {
      String name = workload.at("/metadata/name").asText();
      if (!workload
          .at("/spec/template/metadata/labels/app.kubernetes.io~1component")
          .asText()
          .equals("service")) {
        continue;
      }
      JsonNode pod = workload.at("/spec/template/spec");
      String volume = null;
      for (JsonNode v : pod.path("volumes")) {
        if (v.at("/secret/secretName").asText().equals("engram-api-keys")) {
          volume = v.path("name").asText();
        }
      }
      assertTrue(volume != null, dir + " " + name + ": the engram-api-keys volume");
      JsonNode mount = null;
      for (JsonNode m : pod.at("/containers/0/volumeMounts")) {
        if (m.path("name").asText().equals(volume)) {
          mount = m;
        }
      }
      assertTrue(mount != null, dir + " " + name + ": engram-api-keys is mounted");
      assertEquals(AUTH_DIR, mount.path("mountPath").asText(), dir + " " + name);
      assertTrue(mount.path("readOnly").asBoolean(), dir + " " + name + ": read-only");
      // A subPath mount is a copy the kubelet never updates: a revoked key would stay valid.
      assertFalse(mount.has("subPath"), dir + " " + name + ": no subPath");
      for (JsonNode e : pod.at("/containers/0/env")) {
        assertFalse(e.path("name").asText().equals("ENGRAM_AUTH_KEYS"), dir + " " + name);
      }
    }
  }

  @Test
  void theTemplateHasEverySecretAndKeyTheManifestsReferenceAndNoOther() throws Exception {
    Map<String, Set<String>> template = templateKeys();
    Set<String> referenced = new TreeSet<>();
    for (String dir : Kustomize.suiteDirs()) {
      for (JsonNode workload : workloads(render(dir))) {
        referenced.addAll(visibleKeys(workload, template));
      }
      for (JsonNode cluster : Kustomize.all(render(dir), "Cluster")) {
        referenced.add(cluster.at("/spec/bootstrap/initdb/secret/name").asText() + "/password");
        for (JsonNode ref : cluster.findValues("accessKeyId")) {
          referenced.add(ref.path("name").asText() + "/" + ref.path("key").asText());
        }
        for (JsonNode ref : cluster.findValues("secretAccessKey")) {
          referenced.add(ref.path("name").asText() + "/" + ref.path("key").asText());
        }
      }
    }
    Set<String> listed = new TreeSet<>();
    template.forEach((secret, keys) -> keys.forEach(k -> listed.add(secret + "/" + k)));
    listed.remove("engram-postgres-secrets/username"); // read by CloudNativePG's initdb
    assertEquals(listed, referenced);
    assertFalse(listed.toString().contains("ENGRAM_AUTH_KEYS"), "keys come as a file now");
  }

  // ---------------------------------------------------------------------------------------------

  /** Secret name → its keys, from base/secret.example.yaml. */
  private static Map<String, Set<String>> templateKeys() throws Exception {
    String yaml = Files.readString(Kustomize.repoRoot().resolve("k8s/base/secret.example.yaml"));
    Map<String, Set<String>> keys = new TreeMap<>();
    for (JsonNode secret : Kustomize.toJson(yaml)) {
      Set<String> names = new TreeSet<>();
      secret.path("stringData").fieldNames().forEachRemaining(names::add);
      keys.put(secret.at("/metadata/name").asText(), names);
    }
    return keys;
  }

  /** Every secret/key a pod can read: envFrom Secrets, secretKeyRefs and secret volumes. */
  private static Set<String> visibleKeys(JsonNode workload, Map<String, Set<String>> template) {
    Set<String> visible = new TreeSet<>();
    JsonNode pod = workload.at("/spec/template/spec");
    for (JsonNode ref : pod.findValues("secretRef")) {
      String secret = ref.path("name").asText();
      template
          .getOrDefault(secret, Set.of("<unknown Secret>"))
          .forEach(k -> visible.add(secret + "/" + k));
    }
    for (JsonNode ref : pod.findValues("secretKeyRef")) {
      visible.add(ref.path("name").asText() + "/" + ref.path("key").asText());
    }
    for (JsonNode volume : pod.path("volumes")) {
      String secret = volume.at("/secret/secretName").asText();
      if (!secret.isEmpty()) {
        template
            .getOrDefault(secret, Set.of("<unknown Secret>"))
            .forEach(k -> visible.add(secret + "/" + k));
      }
    }
    return visible;
  }

  private static List<JsonNode> workloads(List<JsonNode> objects) {
    return objects.stream()
        .filter(o -> Set.of("Deployment", "StatefulSet").contains(o.path("kind").asText()))
        .toList();
  }

  private static Set<String> keys(String... keys) {
    return new TreeSet<>(List.of(keys));
  }
}
