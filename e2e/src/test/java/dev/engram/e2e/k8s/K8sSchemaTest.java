package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every object that {@code kubectl apply -k} would send, for base and every overlay, fits the
 * Kubernetes API schema of its kind and passes Engram's pod rules (PodLint). Offline: no cluster
 * and no API server, the schemas come from the typed Kubernetes model on the test classpath.
 */
class K8sSchemaTest {

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  static List<String> deployableDirs() throws Exception {
    return Kustomize.deployableDirs();
  }

  @ParameterizedTest
  @MethodSource("deployableDirs")
  void everyRenderedObjectFitsItsKubernetesSchema(String dir) {
    List<JsonNode> objects = Kustomize.render(dir);
    assertFalse(objects.isEmpty(), dir + " renders nothing");
    List<String> found = new ArrayList<>();
    objects.forEach(o -> found.addAll(KubernetesSchema.violations(o)));
    assertEquals(List.of(), found, dir);
  }

  @ParameterizedTest
  @MethodSource("deployableDirs")
  void everyPodFollowsTheRules(String dir) {
    List<String> found = new ArrayList<>();
    for (JsonNode o : Kustomize.render(dir)) {
      PodLint.check(o).forEach(v -> found.add(v.toString()));
    }
    assertEquals(List.of(), found, dir);
  }

  @Test
  void theSecretTemplateFitsTheSecretSchema() throws Exception {
    String yaml = Files.readString(Kustomize.repoRoot().resolve("k8s/base/secret.example.yaml"));
    for (JsonNode o : Kustomize.toJson(yaml)) {
      assertEquals(List.of(), KubernetesSchema.violations(o));
    }
  }
}
