package dev.engram.e2e.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Engram's own rules for every pod a workload starts, beyond what the schemas say: probes, requests
 * and limits, and the restricted security context (Pod Security Standards "restricted", plus a
 * read-only root file system), so that a manifest that would be refused by a namespace labelled
 * restricted, or be killed or starved on a busy node, fails the build instead.
 */
final class PodLint {

  /** One rule; the name is what a failing test and a fixture refer to. */
  enum Rule {
    LIVENESS_PROBE("every container has a livenessProbe"),
    READINESS_PROBE("every container has a readinessProbe"),
    REQUESTS("every container requests cpu and memory"),
    LIMITS("every container has a cpu and a memory limit"),
    RUN_AS_NON_ROOT("runAsNonRoot: true (pod or container)"),
    NO_PRIVILEGE_ESCALATION("allowPrivilegeEscalation: false"),
    DROP_ALL_CAPABILITIES("capabilities.drop contains ALL, nothing added"),
    SECCOMP_RUNTIME_DEFAULT("seccompProfile.type RuntimeDefault (pod or container)"),
    READ_ONLY_ROOT_FILESYSTEM(
        "readOnlyRootFilesystem: true, unless the pod template says why not in the annotation "
            + WRITABLE_ROOT),
    NO_SERVICE_LINKS("enableServiceLinks: false (no *_SERVICE_HOST/*_PORT variables)"),
    NO_SERVICE_ACCOUNT_TOKEN("automountServiceAccountToken: false");

    final String description;

    Rule(String description) {
      this.description = description;
    }
  }

  /** The one escape from the read-only root rule; its value must say why (non-empty). */
  static final String WRITABLE_ROOT = "engram.dev/writable-root-filesystem";

  private static final Set<String> WORKLOADS =
      Set.of("Deployment", "StatefulSet", "DaemonSet", "Job", "ReplicaSet");

  /** A broken rule, where, and for which container. */
  record Violation(Rule rule, String where) {
    @Override
    public String toString() {
      return where + ": " + rule + " (" + rule.description + ")";
    }
  }

  private PodLint() {}

  static List<Violation> check(JsonNode object) {
    String kind = object.path("kind").asText();
    JsonNode template =
        kind.equals("CronJob")
            ? object.at("/spec/jobTemplate/spec/template")
            : WORKLOADS.contains(kind) ? object.at("/spec/template") : null;
    if (template == null) {
      return List.of();
    }
    String workload = kind + " " + object.at("/metadata/name").asText();
    JsonNode pod = template.path("spec");
    List<Violation> found = new ArrayList<>();
    if (!pod.path("enableServiceLinks").isBoolean() || pod.path("enableServiceLinks").asBoolean()) {
      found.add(new Violation(Rule.NO_SERVICE_LINKS, workload));
    }
    if (!isFalse(pod.path("automountServiceAccountToken"))) {
      found.add(new Violation(Rule.NO_SERVICE_ACCOUNT_TOKEN, workload));
    }
    boolean writableRootExplained =
        !template.at("/metadata/annotations").path(WRITABLE_ROOT).asText().isBlank();
    JsonNode podSecurity = pod.path("securityContext");
    for (String list : List.of("initContainers", "containers")) {
      for (JsonNode container : pod.path(list)) {
        String where = workload + " container " + container.path("name").asText();
        checkContainer(container, list.equals("containers"), podSecurity, where, found);
      }
    }
    if (!writableRootExplained) {
      return found;
    }
    // The escape covers the read-only root only; every other rule still holds.
    return found.stream().filter(v -> v.rule() != Rule.READ_ONLY_ROOT_FILESYSTEM).toList();
  }

  private static void checkContainer(
      JsonNode container,
      boolean probed,
      JsonNode podSecurity,
      String where,
      List<Violation> found) {
    if (probed && container.path("livenessProbe").isMissingNode()) {
      found.add(new Violation(Rule.LIVENESS_PROBE, where));
    }
    if (probed && container.path("readinessProbe").isMissingNode()) {
      found.add(new Violation(Rule.READINESS_PROBE, where));
    }
    JsonNode resources = container.path("resources");
    if (!hasCpuAndMemory(resources.path("requests"))) {
      found.add(new Violation(Rule.REQUESTS, where));
    }
    if (!hasCpuAndMemory(resources.path("limits"))) {
      found.add(new Violation(Rule.LIMITS, where));
    }
    JsonNode security = container.path("securityContext");
    if (!effective(security, podSecurity, "runAsNonRoot").asBoolean(false)) {
      found.add(new Violation(Rule.RUN_AS_NON_ROOT, where));
    }
    if (!isFalse(security.path("allowPrivilegeEscalation"))) {
      found.add(new Violation(Rule.NO_PRIVILEGE_ESCALATION, where));
    }
    JsonNode capabilities = security.path("capabilities");
    if (!textValues(capabilities.path("drop")).contains("ALL")
        || capabilities.path("add").size() > 0) {
      found.add(new Violation(Rule.DROP_ALL_CAPABILITIES, where));
    }
    JsonNode seccomp = effective(security, podSecurity, "seccompProfile");
    if (!seccomp.path("type").asText().equals("RuntimeDefault")) {
      found.add(new Violation(Rule.SECCOMP_RUNTIME_DEFAULT, where));
    }
    if (!security.path("readOnlyRootFilesystem").asBoolean(false)) {
      found.add(new Violation(Rule.READ_ONLY_ROOT_FILESYSTEM, where));
    }
  }

  private static boolean isFalse(JsonNode value) {
    return value.isBoolean() && !value.asBoolean();
  }

  private static boolean hasCpuAndMemory(JsonNode quantities) {
    return !quantities.path("cpu").asText().isBlank()
        && !quantities.path("memory").asText().isBlank();
  }

  /** A container's setting wins over the pod's, as in Kubernetes. */
  private static JsonNode effective(JsonNode container, JsonNode pod, String field) {
    return container.has(field) ? container.path(field) : pod.path(field);
  }

  private static List<String> textValues(JsonNode array) {
    List<String> values = new ArrayList<>();
    array.forEach(v -> values.add(v.asText()));
    return values;
  }
}
