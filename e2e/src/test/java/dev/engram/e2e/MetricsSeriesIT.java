package dev.engram.e2e;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every series the Grafana dashboard and the PrometheusRule alerts of {@code
 * k8s/components/monitoring} query is exposed by some service: a suite is started, each service is
 * exercised a little (a write, a fact, a recall, a context, a backup), each {@code /q/metrics} is
 * scraped, and the metric names are parsed out of every PromQL expression and looked up. A renamed
 * meter would otherwise leave an empty panel or an alert that can never fire.
 */
@Tag(SharedSuite.TAG)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MetricsSeriesIT {

  private static final Path MONITORING = Path.of("k8s", "components", "monitoring");
  private static final List<Component> SERVICES =
      List.of(Component.CAPTURE, Component.RECALL, Component.GRAPH, Component.VAULT);

  @RegisterExtension static final SharedSuite SHARED = SharedSuite.withoutKeys();

  private Suite suite;

  @BeforeAll
  void useTheSharedSuite() {
    suite = SHARED.started().suite;
  }

  @Test
  void everyDashboardAndAlertSeriesIsExposedBySomeService() throws IOException {
    exerciseEveryService();
    Set<String> exposed = new TreeSet<>();
    for (Component service : SERVICES) {
      exposed.addAll(exposedNames(scrape(service)));
    }

    Map<String, Set<String>> used = usedNames();
    assertTrue(used.size() > 30, "the parser finds the dashboard's series: " + used.keySet());
    Map<String, Set<String>> missing = new TreeMap<>(used);
    missing.keySet().removeAll(exposed);
    assertEquals(Map.of(), missing, "series used (by file) that no service exposes");
  }

  @Test
  void aMadeUpSeriesIsReported() throws IOException {
    Set<String> exposed = exposedNames(scrape(Component.CAPTURE));
    Set<String> used =
        PromQl.seriesNames(
            "max by (target) (engram_outbox_lag_seconds_made_up{scope=\"database\"})");

    assertEquals(Set.of("engram_outbox_lag_seconds_made_up"), used);
    assertTrue(exposed.contains("engram_outbox_lag_seconds"), "the real one is there");
    assertTrue(!exposed.containsAll(used), "a made-up name is missing from the scrape");
  }

  @Test
  void theParserFindsSeriesAndSkipsFunctionsLabelsAndKeywords() {
    assertEquals(
        Set.of("http_server_requests_seconds_bucket", "engram_readiness_up"),
        PromQl.seriesNames(
            "histogram_quantile(0.95, sum by (le, uri) (rate(http_server_requests_seconds_bucket"
                + "{uri=\"/v1/x\", status!~\"5..\"}[5m] offset 1h))) > 2.5e-1"
                + " and on (pod) min without (instance) (engram_readiness_up) == bool 0"));
    assertEquals(
        Set.of("engram_vault_backup_last_success_timestamp_seconds"),
        PromQl.seriesNames(
            "time() - max(engram_vault_backup_last_success_timestamp_seconds) > 26 * 3600"));
    assertEquals(Set.of("up"), PromQl.seriesNames("absent(up{job=\"a{b}\"})"));
    assertEquals(
        List.of(
            "max(a_total) > 1",
            "histogram_quantile(0.95, sum by (le) (rate(b_bucket[5m]))) > 0.5",
            "c_seconds"),
        PromQl.ruleExpressions(
            """
            rules:
              - alert: A
                expr: max(a_total) > 1
                for: 5m
              - alert: B
                expr: |
                  histogram_quantile(0.95, sum by (le) (rate(b_bucket[5m])))
                    > 0.5
                labels: {}
              - alert: C
                expr: "c_seconds"
            """));
  }

  /** A little of everything, so lazily registered meters have had their first use. */
  private void exerciseEveryService() {
    String admin = suite.adminKey();
    as(admin, Component.CAPTURE)
        .body(
            Map.of(
                "agent",
                "bot",
                "chat",
                "metrics:1",
                "category",
                "PROFILE",
                "text",
                "Alice prefers green tea"))
        .post("/v1/memories")
        .then()
        .statusCode(201);
    as(admin, Component.CAPTURE)
        .body(
            Map.of("agent", "bot", "subject", "alice", "predicate", "lives_in", "object", "porto"))
        .post("/v1/facts")
        .then()
        .statusCode(201);
    // The outbox has delivered to graph-service: its ingest histogram has seen a batch.
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                scrape(Component.GRAPH)
                    .lines()
                    .anyMatch(
                        l ->
                            l.startsWith("engram_graph_ingest_batch_seconds_count{")
                                && l.contains("succeeded")
                                && !l.endsWith(" 0.0")));
    as(admin, Component.RECALL)
        .body(Map.of("agent", "bot", "chat", "metrics:1", "query", "what does Alice drink?"))
        .post("/v1/recall")
        .then()
        .statusCode(200);
    as(admin, Component.RECALL)
        .body(Map.of("agent", "bot", "chat", "metrics:1", "query", "tea", "budget_tokens", 300))
        .post("/v1/context")
        .then()
        .statusCode(200);
    String job =
        as(suite.opsKey(), Component.VAULT)
            .body("{}")
            .post("/v1/backups")
            .then()
            .statusCode(202)
            .extract()
            .jsonPath()
            .getString("id");
    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () ->
                "succeeded"
                    .equals(
                        as(suite.opsKey(), Component.VAULT)
                            .get("/v1/backup-jobs/" + job)
                            .jsonPath()
                            .getString("state")));
    for (Component service : SERVICES) {
      given().baseUri(suite.url(service)).get("/q/health/ready").then().statusCode(200);
    }
  }

  private RequestSpecification as(String key, Component service) {
    return SuiteRequests.as(suite, key, service);
  }

  private String scrape(Component service) {
    return given()
        .baseUri(suite.url(service))
        .get("/q/metrics")
        .then()
        .statusCode(200)
        .extract()
        .asString();
  }

  /** The sample names of a Prometheus text scrape (histogram parts included: _bucket, _count). */
  private static Set<String> exposedNames(String scrape) {
    Set<String> names = new TreeSet<>();
    for (String line : scrape.lines().toList()) {
      if (!line.isBlank() && !line.startsWith("#")) {
        names.add(line.split("[{ ]", 2)[0]);
      }
    }
    return names;
  }

  /** Series name → the files whose expressions use it. */
  private static Map<String, Set<String>> usedNames() throws IOException {
    Path dir = repoRoot().resolve(MONITORING);
    Map<String, Set<String>> used = new TreeMap<>();
    List<String> dashboard = new ArrayList<>();
    collectExpressions(
        new ObjectMapper().readTree(Files.readString(dir.resolve("engram-dashboard.json"))),
        dashboard);
    List<String> alerts =
        PromQl.ruleExpressions(Files.readString(dir.resolve("prometheusrule.yaml")));
    assertTrue(dashboard.size() > 20, "dashboard expressions: " + dashboard.size());
    assertTrue(alerts.size() > 5, "alert expressions: " + alerts.size());
    for (String expr : dashboard) {
      PromQl.seriesNames(expr)
          .forEach(n -> used.computeIfAbsent(n, k -> new TreeSet<>()).add("dashboard"));
    }
    for (String expr : alerts) {
      PromQl.seriesNames(expr)
          .forEach(n -> used.computeIfAbsent(n, k -> new TreeSet<>()).add("alerts"));
    }
    return used;
  }

  private static void collectExpressions(JsonNode node, List<String> into) {
    if (node.isObject()) {
      node.properties()
          .forEach(
              e -> {
                if (e.getKey().equals("expr") && e.getValue().isTextual()) {
                  into.add(e.getValue().asText());
                } else {
                  collectExpressions(e.getValue(), into);
                }
              });
    } else if (node.isArray()) {
      node.forEach(child -> collectExpressions(child, into));
    }
  }

  private static Path repoRoot() {
    return Path.of(System.getProperty("engram.repo.root", "..")).toAbsolutePath().normalize();
  }

  /** Just enough PromQL reading to name the series an expression selects. */
  static final class PromQl {

    private static final Set<String> KEYWORDS =
        Set.of(
            "and",
            "or",
            "unless",
            "bool",
            "offset",
            "by",
            "without",
            "on",
            "ignoring",
            "group_left",
            "group_right",
            "inf",
            "nan",
            "atan2");
    private static final Pattern STRING = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"");
    private static final Pattern GROUPING =
        Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
    private static final Pattern IDENTIFIER =
        Pattern.compile("(?<![\\w.:$])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![\\w:])(\\s*\\()?");
    private static final Pattern EXPR = Pattern.compile("^(\\s*)(?:- )?expr:\\s*(.*)$");

    private PromQl() {}

    /** Metric names in {@code expr}: identifiers that are not functions, labels or keywords. */
    static Set<String> seriesNames(String expr) {
      String s = STRING.matcher(expr).replaceAll("\"\"");
      s = s.replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ");
      s = GROUPING.matcher(s).replaceAll(" ");
      Set<String> names = new TreeSet<>();
      Matcher m = IDENTIFIER.matcher(s);
      while (m.find()) {
        if (m.group(2) == null && !KEYWORDS.contains(m.group(1).toLowerCase())) {
          names.add(m.group(1));
        }
      }
      return names;
    }

    /**
     * The {@code expr} values of a rules file: inline ({@code expr: ...}, quotes allowed) or a
     * block scalar ({@code expr: |} or {@code >}) whose lines are indented deeper than the key.
     */
    static List<String> ruleExpressions(String yaml) {
      List<String> exprs = new ArrayList<>();
      List<String> lines = yaml.lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = EXPR.matcher(lines.get(i));
        if (!m.matches()) {
          continue;
        }
        String value = m.group(2).strip();
        if (!value.startsWith("|") && !value.startsWith(">")) {
          exprs.add(value.replaceAll("^\"(.*)\"$", "$1").replaceAll("^'(.*)'$", "$1"));
          continue;
        }
        int keyIndent = lines.get(i).indexOf("expr:");
        StringBuilder block = new StringBuilder();
        while (i + 1 < lines.size()
            && (lines.get(i + 1).isBlank() || indent(lines.get(i + 1)) > keyIndent)) {
          block.append(lines.get(++i).strip()).append(' ');
        }
        exprs.add(block.toString().strip().replaceAll("\\s+>", " >"));
      }
      return exprs;
    }

    private static int indent(String line) {
      return line.length() - line.stripLeading().length();
    }
  }
}
