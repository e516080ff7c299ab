package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.all;
import static dev.engram.e2e.k8s.Kustomize.find;
import static dev.engram.e2e.k8s.Kustomize.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The prod overlay has the production shape issue 13 asks for, and its Lucene variant too. */
class K8sProdOverlayTest {

  private static final String PROD = "k8s/overlays/prod";
  private static final String LUCENE = "k8s/overlays/prod-lucene";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @Test
  void captureAndGraphRunTwoReplicasSpreadOverNodesAndRecallScalesUnderAnAutoscaler() {
    List<JsonNode> prod = render(PROD);
    for (String name : List.of("capture-service", "graph-service")) {
      assertEquals(2, find(prod, "Deployment", name).at("/spec/replicas").asInt(), name);
    }
    // The autoscaler owns recall's replica count: the manifest must not set one.
    assertTrue(find(prod, "Deployment", "recall-service").at("/spec/replicas").isMissingNode());
    JsonNode hpa = find(prod, "HorizontalPodAutoscaler", "recall-service");
    assertEquals("recall-service", hpa.at("/spec/scaleTargetRef/name").asText());
    assertEquals(2, hpa.at("/spec/minReplicas").asInt());
    assertTrue(hpa.at("/spec/maxReplicas").asInt() > 2);
    for (String name : List.of("capture-service", "graph-service", "recall-service")) {
      JsonNode pod = find(prod, "Deployment", name).at("/spec/template/spec");
      Set<String> keys = new HashSet<>();
      pod.path("topologySpreadConstraints")
          .forEach(
              c -> {
                keys.add(c.path("topologyKey").asText());
                assertEquals(
                    name, c.at("/labelSelector/matchLabels/app.kubernetes.io~1name").asText());
              });
      assertTrue(keys.contains("kubernetes.io/hostname"), name + ": spread over nodes");
      JsonNode pdb = find(prod, "PodDisruptionBudget", name);
      assertEquals(1, pdb.at("/spec/maxUnavailable").asInt(), name);
      assertEquals(name, pdb.at("/spec/selector/matchLabels/app.kubernetes.io~1name").asText());
    }
  }

  @Test
  void theNamespaceIsRestrictedAndEveryPodRunsAsTheTokenlessServiceAccount() {
    List<JsonNode> prod = render(PROD);
    JsonNode labels = find(prod, "Namespace", "engram").at("/metadata/labels");
    assertEquals("restricted", labels.path("pod-security.kubernetes.io/enforce").asText());
    JsonNode account = find(prod, "ServiceAccount", "engram");
    assertFalse(account.path("automountServiceAccountToken").asBoolean(true));
    for (String kind : List.of("Deployment", "StatefulSet")) {
      for (JsonNode workload : all(prod, kind)) {
        assertEquals(
            "engram",
            workload.at("/spec/template/spec/serviceAccountName").asText(),
            workload.at("/metadata/name").asText());
      }
    }
  }

  @Test
  void networkPoliciesDenyByDefaultAndAllowOnlyTheListedPaths() {
    List<JsonNode> policies = all(render(PROD), "NetworkPolicy");
    JsonNode deny = find(policies, "NetworkPolicy", "default-deny");
    assertEquals(0, deny.at("/spec/podSelector").size(), "selects every pod");
    assertEquals(List.of("Ingress", "Egress"), texts(deny.at("/spec/policyTypes")));
    assertTrue(deny.at("/spec/ingress").isMissingNode() && deny.at("/spec/egress").isMissingNode());
    // Agents reach only capture and recall; each store only from its service.
    assertEquals(
        List.of("capture-service", "recall-service"),
        texts(
            find(policies, "NetworkPolicy", "gateways-to-api")
                .at("/spec/podSelector/matchExpressions/0/values")));
    assertEquals(
        "capture-service",
        find(policies, "NetworkPolicy", "postgres-from-capture")
            .at("/spec/ingress/0/from/0/podSelector/matchLabels/app.kubernetes.io~1name")
            .asText());
    assertEquals(
        "recall-service",
        find(policies, "NetworkPolicy", "qdrant-from-recall")
            .at("/spec/ingress/0/from/0/podSelector/matchLabels/app.kubernetes.io~1name")
            .asText());
    assertTrue(
        texts(
                find(policies, "NetworkPolicy", "neo4j-from-graph")
                    .at("/spec/ingress/0/from/0/podSelector/matchExpressions/0/values"))
            .contains("graph-service"));
  }

  @Test
  void qdrantTakesItsApiKeyFromTheSecretThatRecallReads() {
    List<JsonNode> prod = render(PROD);
    JsonNode env = find(prod, "StatefulSet", "qdrant").at("/spec/template/spec/containers/0/env");
    JsonNode apiKey =
        env.findParents("name").stream()
            .filter(e -> e.path("name").asText().equals("QDRANT__SERVICE__API_KEY"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("Qdrant has no API key"));
    // Qdrant's own Secret; recall-service reads the same value as ENGRAM_RECALL_QDRANT_API_KEY
    // (engram.recall.qdrant.api-key) by envFrom of its own (README step 2 creates both from one).
    assertEquals("engram-qdrant-secrets", apiKey.at("/valueFrom/secretKeyRef/name").asText());
    assertEquals("api-key", apiKey.at("/valueFrom/secretKeyRef/key").asText());
    assertEquals(
        "engram-recall-secrets",
        find(prod, "Deployment", "recall-service")
            .at("/spec/template/spec/containers/0/envFrom/1/secretRef/name")
            .asText());
  }

  @Test
  void qdrantRunsThreePeersInClusterModeWithTwoCopiesOfEveryShard() {
    List<JsonNode> prod = render(PROD);
    JsonNode set = find(prod, "StatefulSet", "qdrant");
    assertEquals(3, set.at("/spec/replicas").asInt());
    JsonNode container = set.at("/spec/template/spec/containers/0");
    Map<String, String> env = new HashMap<>();
    container.path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText()));
    assertEquals("true", env.get("QDRANT__CLUSTER__ENABLED"));
    assertEquals("6335", env.get("QDRANT__CLUSTER__P2P__PORT"));
    // recall-service creates its collection without a replication factor: the server default.
    assertEquals("2", env.get("QDRANT__STORAGE__COLLECTION__REPLICATION_FACTOR"));
    String script = container.at("/args/0").asText();
    assertTrue(script.contains("--bootstrap \"http://qdrant-0.qdrant-peers:6335\""), script);
    assertTrue(script.contains("--uri \"http://$POD_NAME.qdrant-peers:6335\""), script);
    JsonNode peers = find(prod, "Service", set.at("/spec/serviceName").asText());
    assertEquals("None", peers.at("/spec/clusterIP").asText(), "headless");
    assertTrue(peers.at("/spec/publishNotReadyAddresses").asBoolean(), "joining peers resolve");
    assertEquals(6335, peers.at("/spec/ports/0/port").asInt());
    // Snapshots outlive the pod: a claim per peer, no emptyDir.
    Set<String> claims =
        new HashSet<>(set.at("/spec/volumeClaimTemplates").findValuesAsText("name"));
    assertTrue(claims.containsAll(Set.of("storage", "snapshots")), claims.toString());
    for (JsonNode v : set.at("/spec/template/spec/volumes")) {
      assertFalse(v.path("name").asText().equals("snapshots"), "snapshots on a volume: " + v);
    }
    // Neo4j Community has no clustering: one primary, in prod too.
    assertEquals(1, find(prod, "StatefulSet", "neo4j").at("/spec/replicas").asInt());
  }

  @Test
  void theBackupVolumeLivesOutsideTheProdOverlayAndIsMarkedKeep() {
    List<JsonNode> prod = render(PROD);
    assertTrue(all(prod, "PersistentVolumeClaim").isEmpty(), "delete -k prod deletes no volume");
    String claim =
        find(prod, "Deployment", "vault-service")
            .at("/spec/template/spec/volumes")
            .findValuesAsText("claimName")
            .get(0);
    JsonNode pvc = find(render("k8s/overlays/prod-volumes"), "PersistentVolumeClaim", claim);
    assertEquals("engram", pvc.at("/metadata/namespace").asText());
    assertEquals("keep", pvc.at("/metadata/annotations/helm.sh~1resource-policy").asText());
    for (JsonNode set : all(prod, "StatefulSet")) {
      assertEquals(
          "Retain", set.at("/spec/persistentVolumeClaimRetentionPolicy/whenDeleted").asText());
    }
  }

  /**
   * Issue 30: rate-limit buckets are per pod and the Services balance without affinity, so each of
   * the replicas keeps its share: the divisor is the fixed replica count of capture and graph, and
   * recall's autoscaler minimum.
   */
  @Test
  void rateLimitsAreDividedByTheReplicaCount() {
    List<JsonNode> prod = render(PROD);
    int replicas =
        Integer.parseInt(
            Kustomize.engramConfig(prod).at("/data/ENGRAM_RATE_LIMIT_REPLICAS").asText("1"));
    assertEquals(2, replicas);
    for (String name : List.of("capture-service", "graph-service")) {
      assertEquals(replicas, find(prod, "Deployment", name).at("/spec/replicas").asInt(), name);
    }
    JsonNode hpa = find(prod, "HorizontalPodAutoscaler", "recall-service");
    assertEquals(replicas, hpa.at("/spec/minReplicas").asInt());
  }

  @Test
  void theCentralityJobRunsInExactlyOnePod() {
    List<JsonNode> prod = render(PROD);
    JsonNode config = Kustomize.engramConfig(prod);
    assertEquals("false", config.at("/data/ENGRAM_GRAPH_CENTRALITY_ENABLED").asText());
    JsonNode runner = find(prod, "Deployment", "graph-centrality");
    assertEquals(1, runner.at("/spec/replicas").asInt());
    assertEquals("Recreate", runner.at("/spec/strategy/type").asText());
    assertTrue(
        runner
            .at("/spec/template/spec/containers/0/env")
            .toString()
            .contains("CENTRALITY_ENABLED"));
    // No Service sends requests to it.
    String label = runner.at("/spec/template/metadata/labels/app.kubernetes.io~1name").asText();
    for (JsonNode svc : all(prod, "Service")) {
      assertFalse(label.equals(svc.at("/spec/selector/app.kubernetes.io~1name").asText()));
    }
  }

  @Test
  void theLuceneVariantRunsOneRecallReplicaOnAPersistentIndexWithoutAutoscaler() {
    List<JsonNode> lucene = render(LUCENE);
    JsonNode recall = find(lucene, "Deployment", "recall-service");
    assertEquals(1, recall.at("/spec/replicas").asInt());
    assertEquals("Recreate", recall.at("/spec/strategy/type").asText());
    assertTrue(recall.at("/spec/strategy/rollingUpdate").isMissingNode());
    List<String> claims = recall.at("/spec/template/spec/volumes").findValuesAsText("claimName");
    assertEquals(List.of("recall-index"), claims);
    find(lucene, "PersistentVolumeClaim", "recall-index");
    assertTrue(all(lucene, "HorizontalPodAutoscaler").isEmpty());
    assertTrue(
        all(lucene, "PodDisruptionBudget").stream()
            .noneMatch(p -> p.at("/metadata/name").asText().equals("recall-service")));
    String store = Kustomize.engramConfig(lucene).at("/data/ENGRAM_RECALL_STORE").asText();
    assertEquals("lucene", store);
    for (JsonNode o : lucene) {
      if (!o.path("kind").asText().equals("Namespace")) {
        assertEquals("engram", o.at("/metadata/namespace").asText(), o.toString());
      }
    }
  }

  private static List<String> texts(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}
