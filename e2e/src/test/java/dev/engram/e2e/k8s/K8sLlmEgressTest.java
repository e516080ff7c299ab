package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.render;
import static dev.engram.e2e.k8s.NetworkPolicies.egressAllowed;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * components/llm-egress opens prod's default-deny to the hosted model endpoints of capture's LLM
 * extractor and recall's HTTP embedder, and only for those two; without it neither reaches them.
 * The fixture e2e/src/test/resources/k8s-llm-egress is prod plus the component, pointed at
 * 198.51.100.0/24 as its kustomization tells an operator to.
 */
class K8sLlmEgressTest {

  private static final String ENDPOINT = "198.51.100.7";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @Test
  void withTheComponentCaptureAndRecallReachTheEndpointOnHttpsOnly() {
    List<JsonNode> with = render("e2e/src/test/resources/k8s-llm-egress");
    for (String service : List.of("capture-service", "recall-service")) {
      assertTrue(egressAllowed(with, service, ENDPOINT, 443), service + " reaches it");
      assertFalse(egressAllowed(with, service, ENDPOINT, 80), service + ": not plain HTTP");
      assertFalse(egressAllowed(with, service, "192.0.2.7", 443), service + ": not elsewhere");
    }
    for (String other :
        List.of("graph-service", "graph-centrality", "console", "qdrant", "neo4j")) {
      assertFalse(egressAllowed(with, other, ENDPOINT, 443), other + " does not");
    }
  }

  @Test
  void withoutItNeitherReachesAnyEndpoint() {
    List<JsonNode> prod = render("k8s/overlays/prod");
    for (String service : List.of("capture-service", "recall-service")) {
      assertFalse(egressAllowed(prod, service, ENDPOINT, 443), service);
    }
    // The evaluator itself: vault-service's S3 rule lets it out on 443.
    assertTrue(egressAllowed(prod, "vault-service", ENDPOINT, 443));
  }

  @Test
  void cidrContainment() {
    assertTrue(NetworkPolicies.inCidr("198.51.100.7", "198.51.100.0/24"));
    assertFalse(NetworkPolicies.inCidr("198.51.101.7", "198.51.100.0/24"));
    assertTrue(NetworkPolicies.inCidr("10.1.2.3", "0.0.0.0/0"));
  }
}
