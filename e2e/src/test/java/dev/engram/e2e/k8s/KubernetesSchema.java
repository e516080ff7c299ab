package dev.engram.e2e.k8s;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks rendered objects against the Kubernetes API schemas, offline: each object is read into the
 * typed model of its apiVersion and kind (fabric8 kubernetes-model, generated from the Kubernetes
 * OpenAPI document) strictly. A misspelt or misplaced field, which the generated classes would
 * quietly keep as an "additional property" and the API server would drop or refuse, is a violation;
 * so is a value of the wrong type (a string where the API wants a number, a number where it wants a
 * string) and a kind we have no schema for. CloudNativePG's resources are checked against the
 * operator's published CRD instead (CrdSchema).
 */
final class KubernetesSchema {

  /** The kinds Engram deploys, each with the model class of its API version. */
  private static final Map<String, Class<?>> MODELS =
      Map.ofEntries(
          Map.entry("v1/ConfigMap", ConfigMap.class),
          Map.entry("v1/Secret", Secret.class),
          Map.entry("v1/Service", Service.class),
          Map.entry("v1/ServiceAccount", ServiceAccount.class),
          Map.entry("v1/Namespace", Namespace.class),
          Map.entry("v1/PersistentVolumeClaim", PersistentVolumeClaim.class),
          Map.entry("apps/v1/Deployment", Deployment.class),
          Map.entry("apps/v1/StatefulSet", StatefulSet.class),
          Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
          Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
          Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class));

  /**
   * Custom resources of the Prometheus Operator (k8s/components/monitoring/): their schemas are
   * CRDs, not part of the Kubernetes API, and no model of them resolves here. Only their shape
   * (metadata.name, an object spec) is checked.
   */
  private static final Set<String> CUSTOM_RESOURCES =
      Set.of(
          "monitoring.coreos.com/v1/ServiceMonitor",
          "monitoring.coreos.com/v1/PodMonitor",
          "monitoring.coreos.com/v1/PrometheusRule");

  private static final ObjectMapper STRICT = strictMapper();

  private KubernetesSchema() {}

  /** What is wrong with one rendered object, empty when it fits its schema. */
  static List<String> violations(JsonNode object) {
    String type = object.path("apiVersion").asText() + "/" + object.path("kind").asText();
    String where = type + " " + object.at("/metadata/name").asText("<no name>");
    if (CrdSchema.FILES.containsKey(type)) {
      return CrdSchema.violations(object);
    }
    if (CUSTOM_RESOURCES.contains(type)) {
      return object.at("/metadata/name").isTextual() && object.path("spec").isObject()
          ? List.of()
          : List.of(where + ": a custom resource needs metadata.name and a spec");
    }
    Class<?> model = MODELS.get(type);
    if (model == null) {
      return List.of(where + ": no Kubernetes schema known for " + type);
    }
    Object typed;
    try {
      typed = STRICT.treeToValue(object, model);
    } catch (Exception e) {
      return List.of(where + ": does not fit the schema: " + e.getMessage().lines().findFirst());
    }
    List<String> found = new ArrayList<>();
    unknownFields(typed, "", where, found);
    return found;
  }

  /** Walks the typed object; every generated class keeps fields it does not know on the side. */
  private static void unknownFields(Object value, String path, String where, List<String> found) {
    if (value == null) {
      return;
    }
    if (value instanceof Collection<?> items) {
      int i = 0;
      for (Object item : items) {
        unknownFields(item, path + "[" + i++ + "]", where, found);
      }
      return;
    }
    if (value instanceof Map<?, ?> map) {
      map.forEach((k, v) -> unknownFields(v, path + "[" + k + "]", where, found));
      return;
    }
    if (!value.getClass().getPackageName().startsWith("io.fabric8.kubernetes.api.model")) {
      return;
    }
    for (Method getter : value.getClass().getMethods()) {
      // Only the generated accessors of API fields (and of the unknown ones).
      boolean anyGetter = getter.isAnnotationPresent(JsonAnyGetter.class);
      if (getter.getParameterCount() != 0
          || Modifier.isStatic(getter.getModifiers())
          || !(anyGetter || getter.isAnnotationPresent(JsonProperty.class))) {
        continue;
      }
      Object child;
      try {
        child = getter.invoke(value);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(getter.toString(), e);
      }
      if (anyGetter) {
        if (child instanceof Map<?, ?> extra && !extra.isEmpty()) {
          found.add(where + ": " + path + " has fields the API does not know: " + extra.keySet());
        }
      } else {
        String name = getter.getAnnotation(JsonProperty.class).value();
        unknownFields(child, path + "." + name, where, found);
      }
    }
  }

  /** No coercion between strings, numbers and booleans: the API server does none either. */
  private static ObjectMapper strictMapper() {
    ObjectMapper mapper = new ObjectMapper();
    mapper.enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    mapper.enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    mapper
        .coercionConfigFor(LogicalType.Textual)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    for (LogicalType scalar : List.of(LogicalType.Integer, LogicalType.Boolean)) {
      mapper.coercionConfigFor(scalar).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }
    return mapper;
  }
}
