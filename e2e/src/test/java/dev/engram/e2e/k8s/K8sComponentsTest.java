package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.find;
import static dev.engram.e2e.k8s.Kustomize.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.Quantity;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The components no overlay of ours uses, each rendered on top of prod by a fixture in
 * e2e/src/test/resources: they keep the schema and pod rules; jvm-images swaps every Engram image
 * for its JVM build and gives it more memory, each value marked as still to be measured.
 */
class K8sComponentsTest {

  private static final String JVM = "e2e/src/test/resources/k8s-jvm-images";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @ParameterizedTest
  @ValueSource(strings = {JVM, "e2e/src/test/resources/k8s-llm-egress"})
  void prodWithTheComponentFitsTheSchemaAndThePodRules(String dir) {
    List<String> found = new ArrayList<>();
    for (JsonNode o : render(dir)) {
      found.addAll(KubernetesSchema.violations(o));
      PodLint.check(o).forEach(v -> found.add(v.toString()));
    }
    assertEquals(List.of(), found, dir);
  }

  @Test
  void jvmImagesRunTheJvmBuildsWithMoreMemoryThanTheNativeOnes() throws Exception {
    List<JsonNode> jvm = render(JVM);
    List<JsonNode> prod = render("k8s/overlays/prod");
    for (String name :
        List.of(
            "capture-service",
            "recall-service",
            "graph-service",
            "graph-centrality",
            "vault-service",
            "console")) {
      JsonNode container = find(jvm, "Deployment", name).at("/spec/template/spec/containers/0");
      JsonNode nativeOne = find(prod, "Deployment", name).at("/spec/template/spec/containers/0");
      assertTrue(container.path("image").asText().endsWith(":0.1.0-jvm"), name);
      for (String kind : List.of("requests", "limits")) {
        String path = "/resources/" + kind + "/memory";
        assertTrue(
            Quantity.getAmountInBytes(new Quantity(container.at(path).asText()))
                    .compareTo(Quantity.getAmountInBytes(new Quantity(nativeOne.at(path).asText())))
                > 0,
            name + ": JVM " + kind + " above the native image's");
      }
    }
    // Every memory value says where it was measured.
    for (String file : List.of("jvm-memory.yaml", "kustomization.yaml")) {
      for (String line :
          Files.readAllLines(
              Kustomize.repoRoot().resolve("k8s/components/jvm-images").resolve(file))) {
        if (line.strip().matches("(memory|value): \\d+[MG]i.*")) {
          assertTrue(line.contains("# measured:"), file + ": " + line);
        }
      }
    }
  }
}
