package dev.engram.launcher;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * vault-service's audit report, readable: one block per section, each finding list with its count
 * and the items the vault named (it names at most a configured number; the count is complete).
 */
final class AuditReport {

  private final PrintStream out;

  AuditReport(PrintStream out) {
    this.out = out;
  }

  /** Prints the report; returns whether it found nothing and computed every section. */
  boolean print(Map<String, Object> report) {
    Map<String, Object> summary = ServiceClient.asMap(report.get("summary"));
    out.println(
        "Audit started "
            + summary.get("started_at")
            + ", took "
            + Format.number(summary.get("took_ms"))
            + " ms");
    for (Object item : ServiceClient.asList(summary.get("sources"))) {
      Map<String, Object> s = ServiceClient.asMap(item);
      out.printf(
          "  %-8s %s%n",
          s.get("name"),
          Boolean.TRUE.equals(s.get("available"))
              ? "snapshot taken " + s.get("taken_at")
              : "NOT AVAILABLE: " + s.get("problem"));
    }

    Map<String, Object> integrity = section(report, "integrity", "Integrity");
    if (integrity != null) {
      findings(integrity, "content_hashes", "content hashes", AuditReport::hash);
      findings(integrity, "audit_log", "audit log", AuditReport::audit);
      findings(integrity, "audit_order", "audit id order", AuditReport::order);
    }
    Map<String, Object> consistency = section(report, "consistency", "Consistency");
    if (consistency != null) {
      if (consistency.get("partial") != null) {
        out.println("  partial: " + consistency.get("partial"));
      }
      out.printf("  %-20s %-24s %s%n", "tenant", "memories record/index/graph", "exchanges");
      for (Object item : ServiceClient.asList(consistency.get("tenants"))) {
        Map<String, Object> t = ServiceClient.asMap(item);
        out.printf(
            "  %-20s %-27s %s%n",
            t.get("tenant"), counts(t.get("memories")), counts(t.get("exchanges")));
      }
      findings(
          consistency,
          "drift",
          "drift",
          i -> i.get("tenant") + " " + i.get("kind") + " " + i.get("id") + ": " + i.get("problem"));
    }
    Map<String, Object> topology = section(report, "topology", "Topology");
    if (topology != null) {
      out.println("  entities: " + Format.number(topology.get("entities")));
      findings(
          topology,
          "orphans",
          "orphan entities",
          i -> i.get("tenant") + " " + i.get("id") + " (" + i.get("name") + ")");
      Map<String, Object> spikes = ServiceClient.asMap(topology.get("spikes"));
      if (Boolean.FALSE.equals(spikes.get("compared"))) {
        out.println("  centrality spikes: " + spikes.get("note"));
      } else {
        findings(
            topology,
            "spikes",
            "centrality spikes (x"
                + spikes.get("factor")
                + " since "
                + spikes.get("previous_audit")
                + ")",
            i ->
                i.get("tenant")
                    + " "
                    + i.get("name")
                    + " ("
                    + i.get("id")
                    + "): "
                    + i.get("previous")
                    + " -> "
                    + i.get("current"));
      }
    }
    Map<String, Object> contradictions = section(report, "contradictions", "Contradictions");
    if (contradictions != null) {
      for (Object item : ServiceClient.asList(contradictions.get("tenants"))) {
        Map<String, Object> t = ServiceClient.asMap(item);
        out.printf(
            "  %-20s %s CONTRADICTS relations, %s contradicted beliefs%n",
            t.get("tenant"),
            Format.number(t.get("contradicts_relations")),
            Format.number(t.get("contradicted_beliefs")));
      }
      findings(contradictions, "items", "contradictions", AuditReport::contradiction);
    }

    out.println();
    boolean ok = Boolean.TRUE.equals(summary.get("ok"));
    List<Object> skipped = ServiceClient.asList(summary.get("not_computed"));
    long findings = Format.longValue(summary.get("findings"));
    if (ok) {
      out.println("Audit OK: no findings.");
    } else {
      out.println(
          "Audit found "
              + Format.number(findings)
              + (findings == 1 ? " problem" : " problems")
              + (skipped.isEmpty() ? "" : "; not computed: " + String.join(", ", strings(skipped)))
              + ".");
    }
    return ok;
  }

  /** The section's heading; null (after saying why) when the vault could not compute it. */
  private Map<String, Object> section(Map<String, Object> report, String key, String title) {
    Map<String, Object> section = ServiceClient.asMap(report.get(key));
    out.println();
    if (!Boolean.TRUE.equals(section.get("computed"))) {
      out.println(title + ": NOT COMPUTED (" + section.get("reason") + ")");
      return null;
    }
    out.println(title);
    return section;
  }

  private interface Line {
    String of(Map<String, Object> item);
  }

  private void findings(Map<String, Object> section, String key, String title, Line line) {
    Map<String, Object> list = ServiceClient.asMap(section.get(key));
    long count = Format.longValue(list.get("count"));
    out.printf("  %-20s %s%n", title + ":", count == 0 ? "none" : Format.number(count));
    List<Object> items = ServiceClient.asList(list.get("items"));
    for (Object item : items) {
      out.println("    - " + line.of(ServiceClient.asMap(item)));
    }
    if (count > items.size()) {
      out.println("    ... and " + Format.number(count - items.size()) + " more");
    }
  }

  private static String counts(Object value) {
    Map<String, Object> c = ServiceClient.asMap(value);
    return Format.number(c.get("record"))
        + " / "
        + Format.number(c.get("index"))
        + " / "
        + Format.number(c.get("graph"));
  }

  private static String hash(Map<String, Object> i) {
    return i.get("tenant")
        + " "
        + i.get("table")
        + " "
        + i.get("id")
        + ": stored sha256 "
        + i.get("stored_sha256")
        + ", content hashes to "
        + i.get("computed_sha256");
  }

  private static String audit(Map<String, Object> i) {
    return i.get("tenant")
        + " "
        + i.get("target_type")
        + " "
        + i.get("target")
        + (i.get("audit_id") == null ? "" : " (audit row " + i.get("audit_id") + ")")
        + ": "
        + i.get("problem");
  }

  private static String order(Map<String, Object> i) {
    return i.get("tenant") + " audit row " + i.get("id") + " comes after row " + i.get("after_id");
  }

  private static String contradiction(Map<String, Object> i) {
    return "relation".equals(i.get("kind"))
        ? i.get("tenant")
            + " memory "
            + i.get("from_memory")
            + " CONTRADICTS memory "
            + i.get("to_memory")
        : i.get("tenant")
            + " belief "
            + i.get("id")
            + " is contradicted: \""
            + i.get("statement")
            + "\" (strength "
            + i.get("strength")
            + ")";
  }

  private static List<String> strings(List<Object> values) {
    return values.stream().map(String::valueOf).toList();
  }
}
