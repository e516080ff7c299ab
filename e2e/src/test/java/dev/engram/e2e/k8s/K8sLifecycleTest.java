package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stopping and probing fit the services' own deadlines: a pod is given longer to stop than Quarkus
 * waits for in-flight work, which is longer than the longest batch call; readiness probes wait
 * longer than the health checks' own deadlines; the cluster profile is the one the pods run.
 */
class K8sLifecycleTest {

  /** capture's outbox calls to recall and graph, and graph's batch timeout (60 s each). */
  private static final Duration LONGEST_BATCH = Duration.ofSeconds(60);

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  static List<String> suiteDirs() throws Exception {
    return Kustomize.suiteDirs();
  }

  @ParameterizedTest
  @MethodSource("suiteDirs")
  void podsGetLongerToStopThanQuarkusWaitsAndQuarkusWaitsLongerThanABatch(String dir) {
    List<JsonNode> objects = Kustomize.render(dir);
    JsonNode config = config(objects);
    assertEquals("cluster", config.path("QUARKUS_PROFILE").asText(), dir);
    Duration shutdown = duration(config.path("QUARKUS_SHUTDOWN_TIMEOUT").asText());
    assertTrue(shutdown.compareTo(LONGEST_BATCH) > 0, dir + ": shutdown timeout > longest batch");
    for (JsonNode deployment : Kustomize.all(objects, "Deployment")) {
      String where = dir + " " + deployment.at("/metadata/name").asText();
      JsonNode pod = deployment.at("/spec/template/spec");
      JsonNode preStop = pod.at("/containers/0/lifecycle/preStop");
      // The micro image has no shell and no sleep binary: only Kubernetes' own sleep action works.
      assertTrue(preStop.path("exec").isMissingNode(), where + ": no exec preStop");
      int sleep = preStop.at("/sleep/seconds").asInt(0);
      assertTrue(sleep > 0, where + ": preStop sleep");
      long grace = pod.path("terminationGracePeriodSeconds").asLong(30);
      assertTrue(
          grace > sleep + shutdown.toSeconds(),
          where + ": grace " + grace + " s > preStop " + sleep + " s + shutdown " + shutdown);
    }
  }

  @ParameterizedTest
  @MethodSource("suiteDirs")
  void readinessProbesOutlastTheHealthChecksOwnDeadlines(String dir) {
    List<JsonNode> objects = Kustomize.render(dir);
    JsonNode config = config(objects);
    // recall's Qdrant check: a health call and a count, each with the Qdrant call deadline.
    Duration qdrant =
        duration(config.path("ENGRAM_RECALL_QDRANT_TIMEOUT").asText()).multipliedBy(2);
    // vault's S3 bucket check: one call, which the SDK may retry up to 3x the attempt deadline.
    Duration s3 = duration(config.path("ENGRAM_VAULT_S3_CALL_TIMEOUT").asText()).multipliedBy(3);
    // graph's Neo4j check: engram.graph.health-timeout (2s in graph's application.properties).
    Duration neo4j = Duration.ofSeconds(2);
    assertProbeOutlasts(objects, "recall-service", qdrant, dir);
    assertProbeOutlasts(objects, "vault-service", s3, dir);
    assertProbeOutlasts(objects, "graph-service", neo4j, dir);
  }

  private static void assertProbeOutlasts(
      List<JsonNode> objects, String name, Duration deadline, String dir) {
    JsonNode probe =
        Kustomize.find(objects, "Deployment", name)
            .at("/spec/template/spec/containers/0/readinessProbe");
    long timeout = probe.path("timeoutSeconds").asLong(1);
    assertTrue(
        timeout > deadline.toSeconds(),
        dir + " " + name + ": readiness timeout " + timeout + " s > check deadline " + deadline);
  }

  private static JsonNode config(List<JsonNode> objects) {
    return Kustomize.engramConfig(objects).path("data");
  }

  /** Quarkus durations as the ConfigMap writes them: 65s, 5s, 2m. */
  private static Duration duration(String value) {
    assertTrue(value.matches("\\d+[sm]"), "a duration like 65s: " + value);
    long amount = Long.parseLong(value.substring(0, value.length() - 1));
    return value.endsWith("m") ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
  }
}
