package dev.engram.e2e.k8s;

import static dev.engram.e2e.k8s.Kustomize.find;
import static dev.engram.e2e.k8s.Kustomize.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * prod's PostgreSQL is a CloudNativePG Cluster, checked against the operator's published CRD
 * (e2e/src/test/resources/crds/, see the README there): three instances, WAL archived to the
 * bucket, the services on the -rw Service; and the check itself refuses what the API server would.
 */
class K8sCnpgTest {

  private static final String PROD = "k8s/overlays/prod";

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @Test
  void prodsClusterFitsTheOperatorsSchemaAndIsReplicatedAndArchived() {
    List<JsonNode> prod = render(PROD);
    JsonNode cluster = find(prod, "Cluster", "postgres");
    assertEquals(List.of(), CrdSchema.violations(cluster));
    assertEquals(List.of(), CrdSchema.violations(find(prod, "ScheduledBackup", "postgres-daily")));
    assertEquals(3, cluster.at("/spec/instances").asInt());
    assertTrue(
        cluster.at("/spec/backup/barmanObjectStore/destinationPath").asText().startsWith("s3://"),
        "WAL and base backups go to the bucket");
    assertEquals("engram", cluster.at("/spec/bootstrap/initdb/owner").asText());
    assertEquals("engram", cluster.at("/spec/bootstrap/initdb/database").asText());
    JsonNode config = Kustomize.engramConfig(prod).path("data");
    assertEquals(
        "postgresql://postgres-rw:5432/engram",
        config.path("QUARKUS_DATASOURCE_REACTIVE_URL").asText());
    assertEquals(
        "jdbc:postgresql://postgres-rw:5432/engram",
        config.path("QUARKUS_DATASOURCE_JDBC_URL").asText());
    assertTrue(
        prod.stream()
            .noneMatch(
                o ->
                    o.at("/metadata/name").asText().equals("postgres")
                        && !o.path("kind").asText().equals("Cluster")),
        "base's StatefulSet and Service postgres are gone in prod");
  }

  @Test
  void baseAndDevKeepThePlainStatefulSet() {
    for (String dir : List.of("k8s/base", "k8s/overlays/dev")) {
      List<JsonNode> objects = render(dir);
      find(objects, "StatefulSet", "postgres");
      assertTrue(Kustomize.all(objects, "Cluster").isEmpty(), dir + ": no operator needed");
    }
  }

  @Test
  void aMisspelledOrMistypedFieldIsRefusedAsTheApiServerWould() {
    JsonNode good = find(render(PROD), "Cluster", "postgres");

    ObjectNode misspelled = good.deepCopy();
    ((ObjectNode) misspelled.at("/spec/backup/barmanObjectStore"))
        .set(
            "destinatonPath",
            ((ObjectNode) misspelled.at("/spec/backup/barmanObjectStore"))
                .remove("destinationPath"));
    List<String> found = CrdSchema.violations(misspelled);
    assertTrue(found.toString().contains("destinatonPath"), found.toString());

    ObjectNode unknownTop = good.deepCopy();
    ((ObjectNode) unknownTop.path("spec")).put("replicas", 3);
    assertTrue(CrdSchema.violations(unknownTop).toString().contains("replicas"));

    ObjectNode wrongType = good.deepCopy();
    ((ObjectNode) wrongType.path("spec")).put("instances", "three");
    assertTrue(CrdSchema.violations(wrongType).toString().contains("instances"));

    // A field inside a map the schema leaves open (postgresql.conf parameters) is not refused.
    ObjectNode parameter = good.deepCopy();
    ((ObjectNode) parameter.at("/spec/postgresql/parameters")).put("work_mem", "16MB");
    assertEquals(List.of(), CrdSchema.violations(parameter));
  }
}
