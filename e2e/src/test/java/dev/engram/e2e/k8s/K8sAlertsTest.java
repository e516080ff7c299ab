package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The alerts of components/monitoring: every one has a runbook section in its README, those on
 * Engram's series name only series the services' code registers, and those on the stores name only
 * series of the exporters the component scrapes (kubelet, CloudNativePG, Prometheus).
 */
class K8sAlertsTest {

  private static final Path MONITORING = Path.of("k8s/components/monitoring");

  /** Quarkus's own HTTP server metric (Micrometer binder), not registered by our code. */
  private static final Set<String> FRAMEWORK = Set.of("http_server_requests_seconds");

  private static final Pattern METER_NAME = Pattern.compile("\"(engram(?:\\.[a-z0-9_]+)+)\"");

  @BeforeAll
  static void requireKubectl() throws Exception {
    Kustomize.requireKubectl();
  }

  @Test
  void everyAlertOnEngramsSeriesNamesAMeterTheServicesRegister() throws Exception {
    Set<String> meters = registeredMeters();
    assertTrue(meters.contains("engram_vault_audit_last_findings"), "the audit gauge is found");
    List<JsonNode> alerts = alerts("prometheusrule.yaml");
    Set<String> alertNames = new TreeSet<>();
    for (JsonNode alert : alerts) {
      alertNames.add(alert.path("alert").asText());
      for (String series : seriesNames(alert.path("expr").asText())) {
        assertTrue(
            FRAMEWORK.contains(baseName(series)) || meters.contains(baseName(series)),
            alert.path("alert").asText() + ": no service registers " + series);
      }
    }
    assertTrue(
        alertNames.containsAll(
            Set.of("EngramHttpErrors", "EngramContextSlow", "EngramAuditFindings")),
        alertNames.toString());
  }

  @Test
  void theStoreAlertsNameOnlyTheScrapedExportersSeries() throws Exception {
    Set<String> alertNames = new TreeSet<>();
    for (JsonNode alert : alerts("prometheusrule-stores.yaml")) {
      alertNames.add(alert.path("alert").asText());
      for (String series : seriesNames(alert.path("expr").asText())) {
        assertTrue(
            series.startsWith("kubelet_volume_stats_")
                || series.startsWith("cnpg_")
                || series.equals("up"),
            alert.path("alert").asText() + ": " + series);
      }
    }
    assertTrue(alertNames.contains("EngramVolumeFilling"), alertNames.toString());
  }

  @Test
  void everyAlertHasARunbookSectionInTheReadme() throws Exception {
    String readme = Files.readString(Kustomize.repoRoot().resolve(MONITORING).resolve("README.md"));
    Set<String> anchors = new TreeSet<>();
    for (String line : readme.lines().toList()) {
      if (line.startsWith("#")) {
        anchors.add(
            line.replaceFirst("^#+\\s*", "")
                .toLowerCase()
                .replaceAll("[^a-z0-9 -]", "")
                .replace(' ', '-'));
      }
    }
    List<JsonNode> all = new ArrayList<>(alerts("prometheusrule.yaml"));
    all.addAll(alerts("prometheusrule-stores.yaml"));
    assertTrue(all.size() >= 16, "alerts: " + all.size());
    for (JsonNode alert : all) {
      String runbook = alert.at("/annotations/runbook_url").asText();
      String name = alert.path("alert").asText();
      assertTrue(
          runbook.startsWith("components/monitoring/README.md#"), name + ": runbook " + runbook);
      assertTrue(
          anchors.contains(runbook.substring(runbook.indexOf('#') + 1)),
          name + ": no section for " + runbook + " in " + anchors);
    }
  }

  @Test
  void theSeriesReaderFindsSeriesAndNothingElse() {
    assertEquals(
        Set.of("http_server_requests_seconds_count"),
        seriesNames(
            "sum by (service) (rate(http_server_requests_seconds_count{status=~\"5..\"}[5m])) > 0"));
    assertEquals(
        Set.of("a_bucket", "b"),
        seriesNames(
            "histogram_quantile(0.95, sum by (le) (rate(a_bucket[5m]))) > 1 and on (pod) b"));
    assertFalse(registeredMetersContain("engram_made_up_total"));
  }

  // ---------------------------------------------------------------------------------------------

  private static List<JsonNode> alerts(String file) throws Exception {
    String yaml = Files.readString(Kustomize.repoRoot().resolve(MONITORING).resolve(file));
    List<JsonNode> alerts = new ArrayList<>();
    for (JsonNode rule : Kustomize.toJson(yaml).get(0).at("/spec/groups").findValues("rules")) {
      rule.forEach(r -> alerts.add(r));
    }
    return alerts;
  }

  /** The series an expression selects: identifiers that are not functions, labels or keywords. */
  static Set<String> seriesNames(String expr) {
    String bare =
        expr.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "")
            .replaceAll("\\{[^}]*}", "")
            .replaceAll("\\[[^]]*]", "")
            .replaceAll("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)", "");
    Set<String> names = new TreeSet<>();
    Matcher m = Pattern.compile("\\b([a-zA-Z_:][a-zA-Z0-9_:]*)\\b(\\s*\\()?").matcher(bare);
    while (m.find()) {
      if (m.group(2) == null && !Set.of("and", "or", "unless", "bool").contains(m.group(1))) {
        names.add(m.group(1));
      }
    }
    return names;
  }

  /** A Prometheus series name without the suffixes Micrometer adds to a meter's name. */
  private static String baseName(String series) {
    return series.replaceFirst("_(bucket|count|sum|max|total)$", "");
  }

  private static boolean registeredMetersContain(String series) {
    try {
      return registeredMeters().contains(baseName(series));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Every meter name in the services' main code ("engram.x.y"), as Prometheus names it: dots to
   * underscores, with and without a _seconds unit (timers and gauges in seconds).
   */
  private static Set<String> registeredMeters() throws IOException {
    Set<String> names = new TreeSet<>();
    List<Path> sources;
    try (Stream<Path> files = Files.walk(Kustomize.repoRoot())) {
      sources =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> p.toString().contains("/src/main/java/"))
              .toList();
    }
    for (Path source : sources) {
      Matcher m = METER_NAME.matcher(Files.readString(source));
      while (m.find()) {
        String name = m.group(1).replace('.', '_');
        names.add(name);
        names.add(name + "_seconds");
      }
    }
    return names;
  }
}
