package dev.engram.e2e;

import dev.engram.launcher.Component;
import dev.engram.launcher.Suite;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The vault audit of a running suite: content hashes and audit log intact, record = index = graph.
 */
final class SuiteAudit {

  private SuiteAudit() {}

  /** One audit with the suite's ops key; its summary and consistency printed under {@code tag}. */
  static JsonPath run(Suite suite, String tag) {
    JsonPath audit =
        SuiteRequests.as(suite, suite.opsKey(), Component.VAULT)
            .post("/v1/audit")
            .then()
            .statusCode(200)
            .extract()
            .jsonPath();
    System.out.println("[" + tag + "] audit summary: " + audit.getMap("summary"));
    System.out.println("[" + tag + "] audit consistency: " + audit.getList("consistency.tenants"));
    return audit;
  }

  /** Every non-empty integrity list (whatever checks the audit has by now), the drift, gaps. */
  static List<String> findings(JsonPath audit) {
    List<String> findings = new ArrayList<>();
    List<String> lists = new ArrayList<>();
    audit
        .getMap("integrity")
        .forEach(
            (name, value) -> {
              if (value instanceof Map<?, ?> list && list.containsKey("count")) {
                lists.add("integrity." + name);
              }
            });
    lists.add("consistency.drift");
    for (String list : lists) {
      if (audit.getInt(list + ".count") != 0) {
        findings.add("audit " + list + ": " + audit.getMap(list));
      }
    }
    if (!audit.getList("summary.not_computed").isEmpty()) {
      findings.add("audit incomplete: " + audit.getList("summary.not_computed"));
    }
    return findings;
  }
}
