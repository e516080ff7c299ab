package dev.engram.e2e.k8s;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A custom resource checked against the {@code openAPIV3Schema} of the operator's published
 * CustomResourceDefinition (a file under {@code e2e/src/test/resources/crds/}, read at test time),
 * with a JSON-schema validator. Like the API server with a structural schema and strict field
 * validation (kubectl's default), a field the schema does not name is refused: every object schema
 * with {@code properties} gets {@code additionalProperties: false} unless it carries {@code
 * x-kubernetes-preserve-unknown-fields}.
 */
final class CrdSchema {

  private static final Map<String, Schema> LOADED = new ConcurrentHashMap<>();

  private CrdSchema() {}

  /** The CRD file, relative to e2e/src/test/resources, of a custom kind we validate. */
  static final Map<String, String> FILES =
      Map.of(
          "postgresql.cnpg.io/v1/Cluster", "crds/postgresql.cnpg.io_clusters.yaml",
          "postgresql.cnpg.io/v1/ScheduledBackup", "crds/postgresql.cnpg.io_scheduledbackups.yaml");

  /** What the schema of its CRD refuses in this object, empty when it fits. */
  static List<String> violations(JsonNode object) {
    String type = object.path("apiVersion").asText() + "/" + object.path("kind").asText();
    String file = FILES.get(type);
    if (file == null) {
      return List.of(type + ": no CRD file known");
    }
    Schema schema =
        LOADED.computeIfAbsent(
            type, t -> load(file, object.path("apiVersion").asText().replaceAll(".*/", "")));
    String where = type + " " + object.at("/metadata/name").asText("<no name>");
    // As JSON text: the validator works on Jackson 3 trees, the tests on Jackson 2 ones.
    return schema.validate(object.toString(), InputFormat.JSON).stream()
        .map(Error::toString)
        .map(m -> where + ": " + m)
        .sorted()
        .toList();
  }

  private static Schema load(String file, String version) {
    try {
      Path path = Kustomize.repoRoot().resolve("e2e/src/test/resources").resolve(file);
      JsonNode crd = Kustomize.toJson(Files.readString(path)).get(0);
      for (JsonNode v : crd.at("/spec/versions")) {
        if (v.path("name").asText().equals(version)) {
          JsonNode openApi = v.at("/schema/openAPIV3Schema").deepCopy();
          closeObjects(openApi);
          return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_4)
              .getSchema(openApi.toString(), InputFormat.JSON);
        }
      }
      throw new IllegalStateException(file + " has no version " + version);
    } catch (Exception e) {
      throw new IllegalStateException("cannot read the CRD " + file, e);
    }
  }

  /** Structural-schema pruning as a refusal: unknown fields fail instead of being dropped. */
  private static void closeObjects(JsonNode node) {
    if (node instanceof ObjectNode schema) {
      boolean preserve = schema.path("x-kubernetes-preserve-unknown-fields").asBoolean(false);
      if (schema.has("properties") && !schema.has("additionalProperties") && !preserve) {
        schema.put("additionalProperties", false);
      }
    }
    node.forEach(CrdSchema::closeObjects);
  }
}
