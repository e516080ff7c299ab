package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.e2e.k8s.PodLint.Rule;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checks of K8sSchemaTest can fail: a good fixture passes them, and each way of breaking it is
 * caught by the schema or by exactly the PodLint rule meant for it.
 */
class K8sLintFixturesTest {

  private static final String CONTAINER = "/spec/template/spec/containers/0";
  private static final String POD = "/spec/template/spec";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @Test
  void theGoodFixturePassesTheSchemaAndEveryRule() throws Exception {
    JsonNode good = fixture();
    assertEquals(List.of(), KubernetesSchema.violations(good));
    assertEquals(List.of(), PodLint.check(good));
  }

  static Stream<Arguments> brokenOneRuleAtATime() {
    return Stream.of(
        broken(Rule.LIVENESS_PROBE, d -> obj(d, CONTAINER).remove("livenessProbe")),
        broken(Rule.READINESS_PROBE, d -> obj(d, CONTAINER).remove("readinessProbe")),
        broken(Rule.REQUESTS, d -> obj(d, CONTAINER + "/resources/requests").remove("cpu")),
        broken(Rule.LIMITS, d -> obj(d, CONTAINER + "/resources").remove("limits")),
        broken(Rule.RUN_AS_NON_ROOT, d -> obj(d, POD + "/securityContext").remove("runAsNonRoot")),
        broken(
            Rule.RUN_AS_NON_ROOT,
            d -> obj(d, CONTAINER + "/securityContext").put("runAsNonRoot", false)),
        broken(
            Rule.NO_PRIVILEGE_ESCALATION,
            d -> obj(d, CONTAINER + "/securityContext").remove("allowPrivilegeEscalation")),
        broken(
            Rule.DROP_ALL_CAPABILITIES,
            d ->
                ((ArrayNode) d.at(CONTAINER + "/securityContext/capabilities/drop"))
                    .set(0, "NET_RAW")),
        broken(
            Rule.DROP_ALL_CAPABILITIES,
            d ->
                obj(d, CONTAINER + "/securityContext/capabilities")
                    .putArray("add")
                    .add("NET_BIND_SERVICE")),
        broken(
            Rule.SECCOMP_RUNTIME_DEFAULT,
            d -> obj(d, POD + "/securityContext/seccompProfile").put("type", "Unconfined")),
        broken(
            Rule.READ_ONLY_ROOT_FILESYSTEM,
            d -> obj(d, CONTAINER + "/securityContext").put("readOnlyRootFilesystem", false)),
        broken(Rule.NO_SERVICE_LINKS, d -> obj(d, POD).remove("enableServiceLinks")),
        broken(
            Rule.NO_SERVICE_ACCOUNT_TOKEN,
            d -> obj(d, POD).put("automountServiceAccountToken", true)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenOneRuleAtATime")
  void eachRuleCatchesItsBreakage(Rule rule, Consumer<ObjectNode> breakage) throws Exception {
    ObjectNode deployment = fixture();
    breakage.accept(deployment);
    List<Rule> fired = PodLint.check(deployment).stream().map(PodLint.Violation::rule).toList();
    assertEquals(List.of(rule), fired, "only " + rule + " objects");
    assertEquals(List.of(), KubernetesSchema.violations(deployment), "still fits the schema");
  }

  @Test
  void aWritableRootFileSystemPassesOnlyWithAReasonAndOnlyThatRule() throws Exception {
    ObjectNode deployment = fixture();
    obj(deployment, CONTAINER + "/securityContext").remove("readOnlyRootFilesystem");
    obj(deployment, CONTAINER + "/securityContext").remove("allowPrivilegeEscalation");
    obj(deployment, "/spec/template/metadata")
        .putObject("annotations")
        .put(PodLint.WRITABLE_ROOT, "the image writes its config at start");
    List<Rule> fired = PodLint.check(deployment).stream().map(PodLint.Violation::rule).toList();
    assertEquals(List.of(Rule.NO_PRIVILEGE_ESCALATION), fired);
    obj(deployment, "/spec/template/metadata/annotations").put(PodLint.WRITABLE_ROOT, " ");
    fired = PodLint.check(deployment).stream().map(PodLint.Violation::rule).toList();
    assertTrue(fired.contains(Rule.READ_ONLY_ROOT_FILESYSTEM), "a blank reason is no reason");
  }

  static Stream<Arguments> schemaBreakages() {
    return Stream.of(
        schema(
            "a misspelt field",
            d -> obj(d, CONTAINER).set("livenesProbe", obj(d, CONTAINER).get("livenessProbe"))),
        schema("a field one level too high", d -> obj(d, CONTAINER).put("runAsNonRoot", true)),
        schema("a string for a number", d -> obj(d, "/spec").put("replicas", "two")),
        schema("a numeric string for a number", d -> obj(d, "/spec").put("replicas", "2")),
        schema("a number for a string", d -> obj(d, CONTAINER).put("image", 42)),
        schema("a string for a boolean", d -> obj(d, POD).put("enableServiceLinks", "false")),
        schema("a kind without a schema", d -> d.put("kind", "Deploymnet")),
        schema(
            "an API version that does not serve the kind",
            d -> d.put("apiVersion", "apps/v1beta9")),
        schema(
            "an unknown preStop handler",
            d -> obj(d, CONTAINER + "/lifecycle/preStop").putObject("wait").put("seconds", 5)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("schemaBreakages")
  void theSchemaCatches(String what, Consumer<ObjectNode> breakage) throws Exception {
    ObjectNode deployment = fixture();
    breakage.accept(deployment);
    List<String> found = KubernetesSchema.violations(deployment);
    assertEquals(1, found.size(), what + ": " + found);
  }

  // ---------------------------------------------------------------------------------------------

  private static Arguments broken(Rule rule, Consumer<ObjectNode> breakage) {
    return Arguments.of(rule, breakage);
  }

  private static Arguments schema(String what, Consumer<ObjectNode> breakage) {
    return Arguments.of(what, breakage);
  }

  private static ObjectNode obj(JsonNode root, String pointer) {
    return (ObjectNode) root.at(pointer);
  }

  private static ObjectNode fixture() throws Exception {
    try (InputStream in =
        K8sLintFixturesTest.class.getResourceAsStream("/k8s-lint/good-deployment.yaml")) {
      String yaml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return (ObjectNode) Kustomize.toJson(yaml).get(0);
    }
  }
}
