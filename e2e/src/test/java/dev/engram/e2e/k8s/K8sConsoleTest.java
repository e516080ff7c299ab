package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.find;
import static dev.engram.e2e.k8s.Kustomize.render;
import static dev.engram.e2e.k8s.NetworkPolicies.matches;
import static dev.engram.e2e.k8s.NetworkPolicies.podLabels;
import static dev.engram.e2e.k8s.NetworkPolicies.selecting;
import static dev.engram.e2e.k8s.NetworkPolicies.workloadNames;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The console in the cluster: a Deployment and Service like the services', probed on the management
 * port, configured from the shared ConfigMap but given no Secret (it calls with the person's key,
 * never one of its own); in prod, reachable only by what is labelled for it and reaching only the
 * four services' public APIs (and DNS).
 */
class K8sConsoleTest {

  private static final String PROD = "k8s/overlays/prod";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  static List<String> suiteDirs() throws Exception {
    return Kustomize.suiteDirs();
  }

  @ParameterizedTest
  @MethodSource("suiteDirs")
  void theConsoleIsOneProbedPodReadingTheConfigMapAndNoSecret(String dir) {
    List<JsonNode> objects = render(dir);
    JsonNode deployment = find(objects, "Deployment", "console");
    JsonNode pod = deployment.at("/spec/template/spec");
    JsonNode container = pod.at("/containers/0");
    assertTrue(container.path("image").asText().startsWith("engram/console:"), dir);
    // Sessions live in one process's memory: a second replica would not know them.
    assertEquals(1, deployment.at("/spec/replicas").asInt(), dir + ": one replica");
    assertEquals(8080, port(container, "http"), dir);
    assertEquals(9000, port(container, "management"), dir);
    for (String[] probe :
        List.of(
            new String[] {"startupProbe", "/q/health/started"},
            new String[] {"livenessProbe", "/q/health/live"},
            new String[] {"readinessProbe", "/q/health/ready"})) {
      JsonNode get = container.path(probe[0]).path("httpGet");
      assertEquals(probe[1], get.path("path").asText(), dir + " " + probe[0]);
      assertEquals("management", get.path("port").asText(), dir + " " + probe[0]);
    }
    String config = Kustomize.engramConfig(objects).at("/metadata/name").asText();
    assertEquals(1, container.path("envFrom").size(), dir + ": one source of configuration");
    assertEquals(config, container.at("/envFrom/0/configMapRef/name").asText(), dir);
    assertTrue(
        deployment.findValues("secretRef").isEmpty()
            && deployment.findValues("secretKeyRef").isEmpty()
            && deployment.findValues("secret").isEmpty(),
        dir + ": the console is given no Secret: " + deployment);
    JsonNode data = Kustomize.engramConfig(objects).path("data");
    for (String key : List.of("ENGRAM_SERVICES_CAPTURE_URL", "ENGRAM_SERVICES_RECALL_URL")) {
      assertTrue(data.hasNonNull(key), dir + ": the ConfigMap gives the console " + key);
    }
    assertFalse(
        deployment
            .at("/spec/template/metadata/labels/app.kubernetes.io~1component")
            .asText()
            .equals("service"),
        dir + ": not labelled a service (services-to-services and the PodMonitor select those)");

    JsonNode svc = find(objects, "Service", "console");
    assertEquals(1, svc.at("/spec/ports").size(), dir);
    assertEquals(8080, svc.at("/spec/ports/0/port").asInt(), dir + ": pages on 8080");
    assertEquals("http", svc.at("/spec/ports/0/targetPort").asText(), dir + ": not management");
    assertEquals("console", svc.at("/spec/selector/app.kubernetes.io~1name").asText(), dir);
    assertEquals(
        "console",
        deployment.at("/spec/template/metadata/labels/app.kubernetes.io~1name").asText(),
        dir + ": the Service selects the pod");
  }

  @Test
  void inProdTheConsoleReachesOnlyTheFourServicesAndDns() {
    List<JsonNode> prod = render(PROD);
    Map<String, String> console = podLabels(prod, "console");
    Set<String> reached = new TreeSet<>();
    for (JsonNode policy : selecting(prod, console, "Egress")) {
      for (JsonNode rule : policy.at("/spec/egress")) {
        for (JsonNode peer : rule.path("to")) {
          if (peer.has("ipBlock")) {
            reached.add("ipBlock " + peer.at("/ipBlock/cidr").asText());
          } else if (peer.has("namespaceSelector")) {
            boolean dns =
                peer.at("/namespaceSelector/matchLabels/kubernetes.io~1metadata.name")
                        .asText()
                        .equals("kube-system")
                    && peer.at("/podSelector/matchLabels/k8s-app").asText().equals("kube-dns");
            reached.add(dns ? "dns" : "other namespaces: " + peer);
          } else {
            for (String workload : workloadNames(prod)) {
              if (matches(peer.path("podSelector"), podLabels(prod, workload))) {
                reached.add(workload + ":" + rule.at("/ports/0/port").asText());
              }
            }
          }
        }
      }
    }
    assertEquals(
        Set.of(
            "capture-service:8080",
            "dns",
            "graph-service:8080",
            "recall-service:8080",
            "vault-service:8080"),
        reached);
  }

  @Test
  void inProdOnlyTheFourServicesAdmitTheConsoleAndOnlyLabelledPeersReachIt() {
    List<JsonNode> prod = render(PROD);
    Map<String, String> console = podLabels(prod, "console");
    Map<String, String> namespace = new HashMap<>();
    namespace.put("kubernetes.io/metadata.name", "engram");
    find(prod, "Namespace", "engram")
        .at("/metadata/labels")
        .fields()
        .forEachRemaining(e -> namespace.put(e.getKey(), e.getValue().asText()));
    Set<String> admitting = new TreeSet<>();
    for (String workload : workloadNames(prod)) {
      for (JsonNode policy : selecting(prod, podLabels(prod, workload), "Ingress")) {
        for (JsonNode rule : policy.at("/spec/ingress")) {
          for (JsonNode peer : rule.path("from")) {
            // A peer is the console's pod when both of its selectors (an absent one: any) match.
            if (!peer.has("ipBlock")
                && matches(peer.path("namespaceSelector"), namespace)
                && matches(peer.path("podSelector"), console)) {
              admitting.add(workload);
            }
          }
        }
      }
    }
    assertEquals(
        Set.of("capture-service", "graph-service", "recall-service", "vault-service"), admitting);

    // Into the console: on its http port, from peers carrying engram.dev/console only.
    List<JsonNode> policies = selecting(prod, console, "Ingress");
    assertFalse(policies.isEmpty(), "some policy lets people in");
    for (JsonNode policy : policies) {
      for (JsonNode rule : policy.at("/spec/ingress")) {
        assertEquals("http", rule.at("/ports/0/port").asText(), policy.toString());
        for (JsonNode peer : rule.path("from")) {
          boolean labelled =
              peer.at("/namespaceSelector/matchLabels/engram.dev~1console").asText().equals("true")
                  || peer.at("/podSelector/matchLabels/engram.dev~1console")
                      .asText()
                      .equals("true");
          assertTrue(labelled, "an unlabelled peer reaches the console: " + peer);
        }
      }
    }
  }

  // ---------------------------------------------------------------------------------------------

  private static int port(JsonNode container, String name) {
    for (JsonNode p : container.path("ports")) {
      if (p.path("name").asText().equals(name)) {
        return p.path("containerPort").asInt();
      }
    }
    return -1;
  }
}
