package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.all;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** NetworkPolicies read the way a network plugin enforces them, for the rendered manifests. */
final class NetworkPolicies {

  private NetworkPolicies() {}

  /**
   * Whether a pod of this workload may open a TCP connection to an address outside the cluster on
   * this port: some Egress policy selecting it has a rule whose ipBlock holds the address (and no
   * except does) and whose ports include the port (or that names no ports).
   */
  static boolean egressAllowed(List<JsonNode> objects, String workload, String ip, int port) {
    for (JsonNode policy : selecting(objects, podLabels(objects, workload), "Egress")) {
      for (JsonNode rule : policy.at("/spec/egress")) {
        boolean portOk = !rule.has("ports");
        for (JsonNode p : rule.path("ports")) {
          int from = p.path("port").asInt(-1);
          int to = p.path("endPort").asInt(from);
          portOk |= p.path("protocol").asText("TCP").equals("TCP") && from <= port && port <= to;
        }
        boolean peerOk = !rule.has("to");
        for (JsonNode peer : rule.path("to")) {
          JsonNode block = peer.path("ipBlock");
          if (block.isObject() && inCidr(ip, block.path("cidr").asText())) {
            boolean excepted = false;
            for (JsonNode except : block.path("except")) {
              excepted |= inCidr(ip, except.asText());
            }
            peerOk |= !excepted;
          }
        }
        if (portOk && peerOk) {
          return true;
        }
      }
    }
    return false;
  }

  static boolean inCidr(String ip, String cidr) {
    try {
      byte[] address = InetAddress.getByName(ip).getAddress();
      String[] parts = cidr.split("/");
      byte[] network = InetAddress.getByName(parts[0]).getAddress();
      int bits = Integer.parseInt(parts[1]);
      if (address.length != network.length) {
        return false;
      }
      for (int i = 0; i < bits; i++) {
        int mask = 0x80 >> (i % 8);
        if ((address[i / 8] & mask) != (network[i / 8] & mask)) {
          return false;
        }
      }
      return true;
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(ip + " or " + cidr, e);
    }
  }

  /** The NetworkPolicies whose podSelector selects pods with these labels, for that direction. */
  static List<JsonNode> selecting(List<JsonNode> objects, Map<String, String> labels, String type) {
    return all(objects, "NetworkPolicy").stream()
        .filter(p -> matches(p.at("/spec/podSelector"), labels))
        .filter(p -> p.at("/spec/policyTypes").toString().contains("\"" + type + "\""))
        .filter(p -> p.at("/spec/" + type.toLowerCase()).isArray())
        .toList();
  }

  /** A label selector (matchLabels, matchExpressions with In and NotIn) against labels. */
  static boolean matches(JsonNode selector, Map<String, String> labels) {
    var it = selector.path("matchLabels").fields();
    while (it.hasNext()) {
      var e = it.next();
      if (!e.getValue().asText().equals(labels.get(e.getKey()))) {
        return false;
      }
    }
    for (JsonNode expression : selector.path("matchExpressions")) {
      String value = labels.get(expression.path("key").asText());
      Set<String> values = new TreeSet<>();
      expression.path("values").forEach(v -> values.add(v.asText()));
      boolean in = value != null && values.contains(value);
      String operator = expression.path("operator").asText();
      if (operator.equals("In") ? !in : operator.equals("NotIn") ? in : true) {
        return false;
      }
    }
    return true;
  }

  static List<String> workloadNames(List<JsonNode> objects) {
    return objects.stream()
        .filter(o -> Set.of("Deployment", "StatefulSet").contains(o.path("kind").asText()))
        .map(o -> o.at("/metadata/name").asText())
        .toList();
  }

  static Map<String, String> podLabels(List<JsonNode> objects, String workload) {
    JsonNode object =
        objects.stream()
            .filter(o -> Set.of("Deployment", "StatefulSet").contains(o.path("kind").asText()))
            .filter(o -> o.at("/metadata/name").asText().equals(workload))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no workload " + workload));
    Map<String, String> labels = new HashMap<>();
    object
        .at("/spec/template/metadata/labels")
        .fields()
        .forEachRemaining(e -> labels.put(e.getKey(), e.getValue().asText()));
    return labels;
  }
}
