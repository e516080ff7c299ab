package dev.engram.console.ops;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * vault-service's audit report as the page shows it: the summary, each source read, and each
 * section's finding lists (a count, whether the list was cut, and each named finding as text). Read
 * from the report's tree, so a section or list vault adds later shows too.
 */
public record AuditReport(
    boolean ok,
    long findings,
    List<String> notComputed,
    String startedAt,
    long tookMs,
    List<Source> sources,
    List<Section> sections) {

  /** A source the audit read (capture, graph, recall), or why it could not. */
  public record Source(String name, boolean available, String problem) {}

  /** One section: computed or why not, and its finding lists. */
  public record Section(String name, boolean computed, String reason, List<Findings> lists) {}

  /** One list of findings: how many, whether only the first ones are named, and those. */
  public record Findings(String name, long count, boolean truncated, List<String> items) {}

  private static final List<String> SECTIONS =
      List.of("integrity", "consistency", "topology", "contradictions");

  static AuditReport of(JsonNode report) {
    JsonNode summary = report.path("summary");
    List<String> notComputed = new ArrayList<>();
    summary.path("not_computed").forEach(n -> notComputed.add(n.asText()));
    List<Source> sources = new ArrayList<>();
    summary
        .path("sources")
        .forEach(
            s ->
                sources.add(
                    new Source(
                        s.path("name").asText(),
                        s.path("available").asBoolean(),
                        s.path("problem").isMissingNode() ? null : s.path("problem").asText())));
    List<Section> sections = new ArrayList<>();
    for (String name : SECTIONS) {
      JsonNode section = report.path(name);
      if (section.isObject()) {
        sections.add(section(name, section));
      }
    }
    return new AuditReport(
        summary.path("ok").asBoolean(),
        summary.path("findings").asLong(),
        notComputed,
        summary.path("started_at").asText(null),
        summary.path("took_ms").asLong(),
        sources,
        sections);
  }

  private static Section section(String name, JsonNode section) {
    List<Findings> lists = new ArrayList<>();
    for (Map.Entry<String, JsonNode> field : section.properties()) {
      JsonNode value = field.getValue();
      if (value.isObject() && value.has("count") && value.path("items").isArray()) {
        List<String> items = new ArrayList<>();
        value.path("items").forEach(item -> items.add(text(item)));
        lists.add(
            new Findings(
                field.getKey().replace('_', ' '),
                value.path("count").asLong(),
                value.path("truncated").asBoolean(),
                items));
      }
    }
    String reason = section.path("reason").isTextual() ? section.path("reason").asText() : null;
    return new Section(name, section.path("computed").asBoolean(true), reason, lists);
  }

  /** A finding's fields as {@code name: value} pairs, for reading. */
  private static String text(JsonNode item) {
    if (!item.isObject()) {
      return item.asText();
    }
    List<String> parts = new ArrayList<>();
    item.properties()
        .forEach(
            e ->
                parts.add(
                    e.getKey()
                        + ": "
                        + (e.getValue().isValueNode()
                            ? e.getValue().asText()
                            : e.getValue().toString())));
    return String.join(", ", parts);
  }
}
