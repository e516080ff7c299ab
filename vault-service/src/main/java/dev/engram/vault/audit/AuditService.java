package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.source.SnapshotSource;
import dev.engram.vault.source.SnapshotSource.ExportSink;
import dev.engram.vault.source.SnapshotSources;
import dev.engram.vault.source.SourceException;
import dev.engram.vault.source.SourceSnapshot;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Runs an audit: reads each source's export once, streamed, then composes one report and keeps it
 * (with the centralities the next audit compares against) in the backup directory.
 */
@ApplicationScoped
public class AuditService {

  private final SnapshotSources sources;
  private final VaultConfig.Audit config;
  private final AuditStore store;
  private final Clock clock = Clock.systemUTC();
  private final AuditMetrics metrics;

  AuditService(SnapshotSources sources, VaultConfig config, AuditMetrics metrics) {
    this.metrics = metrics;
    this.sources = sources;
    this.config = config.audit();
    this.store = new AuditStore(config.directory());
  }

  /** One audit at a time: each writes the baseline the next one reads. */
  public synchronized ObjectNode run() {
    Instant started = clock.instant();
    int limit = config.listLimit();
    ArrayNode sourceList = JsonNodeFactory.instance.arrayNode();
    CaptureScan capture = new CaptureScan(limit);
    GraphScan graph = new GraphScan(limit);
    RecallScan recall = new RecallScan();
    String captureDown = read("capture", capture, sourceList);
    String graphDown = read("graph", graph, sourceList);
    String recallDown = read("recall", recall, sourceList);
    if (captureDown == null) {
      capture.finish();
    }

    ObjectNode report = JsonNodeFactory.instance.objectNode();
    ObjectNode summary = report.putObject("summary");
    long findings = 0;
    String kept = null;
    ArrayNode skipped = JsonNodeFactory.instance.arrayNode();

    ObjectNode integrity = section(report, "integrity", captureDown, skipped);
    if (captureDown == null) {
      integrity.set("content_hashes", capture.hashes.json());
      integrity.set("audit_log", capture.audit.json());
      integrity.set("audit_order", capture.order.json());
      findings += capture.hashes.count() + capture.audit.count() + capture.order.count();
    }

    ObjectNode consistency = section(report, "consistency", captureDown, skipped);
    if (captureDown == null) {
      Drift drift = new Drift(capture.record, limit);
      if (recallDown == null) {
        drift.compare("index", recall.index);
      }
      if (graphDown == null) {
        drift.compare("graph", graph.graph);
      }
      consistency.set("tenants", drift.tenants());
      consistency.set("drift", drift.findings().json());
      if (recallDown != null || graphDown != null) {
        consistency.put(
            "partial",
            "not compared with "
                + (recallDown != null ? "the index (" + recallDown + ")" : "")
                + (recallDown != null && graphDown != null ? " and " : "")
                + (graphDown != null ? "the graph (" + graphDown + ")" : ""));
        skipped.add("consistency (partial)");
      }
      findings += drift.findings().count();
    }

    ObjectNode topology = section(report, "topology", graphDown, skipped);
    ObjectNode contradictions = section(report, "contradictions", graphDown, skipped);
    if (graphDown == null) {
      Findings orphans = graph.orphans(limit);
      topology.put("entities", graph.entities.size());
      topology.set("orphans", orphans.json());
      Spikes spikes = new Spikes(config, store.previous());
      topology.set("spikes", spikes.against(graph.entities));
      kept = keep(() -> store.keepCentralities(graph.entities, started), kept);
      findings += orphans.count() + spikes.count();

      ArrayNode tenants = contradictions.putArray("tenants");
      graph.contradictionCounts.forEach(
          (tenant, counts) ->
              tenants
                  .addObject()
                  .put("tenant", tenant)
                  .put("contradicts_relations", counts[0])
                  .put("contradicted_beliefs", counts[1]));
      contradictions.set("items", graph.contradictions.json());
      findings += graph.contradictions.count();
    }

    summary.put("ok", findings == 0 && skipped.isEmpty());
    summary.put("findings", findings);
    summary.set("not_computed", skipped);
    summary.put("started_at", started.toString());
    summary.put("took_ms", clock.millis() - started.toEpochMilli());
    metrics.finished(findings, skipped.isEmpty(), Duration.between(started, clock.instant()));
    summary.set("sources", sourceList);
    kept = keep(() -> store.keepReport(report), kept);
    if (kept != null) {
      summary.put("kept", false);
      summary.put("keep_problem", kept);
    } else {
      summary.put("kept", true);
    }
    return report;
  }

  /** The last audit's report, if one was kept. */
  public Optional<JsonNode> last() {
    return store.lastReport();
  }

  /** Runs a write of the kept audit; returns the first problem so far, or null. */
  private static String keep(Runnable write, String problem) {
    try {
      write.run();
      return problem;
    } catch (UncheckedIOException e) {
      return problem != null ? problem : e.getMessage() + ": " + e.getCause().getMessage();
    }
  }

  /** Reads one source into its scan; returns why it could not be read, or null. */
  private String read(String name, ExportSink scan, ArrayNode list) {
    ObjectNode entry = list.addObject().put("name", name);
    Optional<SnapshotSource> source =
        sources.all().stream().filter(s -> s.name().equals(name)).findFirst();
    String problem;
    if (source.isEmpty()) {
      problem = name + " is not among engram.vault.sources";
    } else {
      try {
        SourceSnapshot snapshot = source.get().export(scan);
        entry.put("available", true);
        entry.put("taken_at", snapshot.takenAt().toString());
        entry.put("service", snapshot.service());
        entry.put("version", snapshot.version());
        return null;
      } catch (SourceException e) {
        problem = e.getMessage();
      } catch (IOException e) {
        problem = name + " export could not be parsed: " + e.getMessage();
      } catch (UncheckedIOException e) {
        problem = name + " export could not be parsed: " + e.getCause().getMessage();
      }
    }
    entry.put("available", false);
    entry.putNull("taken_at");
    entry.put("problem", problem);
    return problem;
  }

  private static ObjectNode section(
      ObjectNode report, String name, String down, ArrayNode skipped) {
    ObjectNode section = report.putObject(name);
    section.put("computed", down == null);
    if (down != null) {
      section.put("reason", down);
      skipped.add(name);
    }
    return section;
  }

  /** Record vs index vs graph, per tenant and kind. */
  private static final class Drift {
    private final IdSets record;
    private final Findings findings;
    private final ObjectNode counts = JsonNodeFactory.instance.objectNode();

    Drift(IdSets record, int limit) {
      this.record = record;
      this.findings = new Findings(limit);
      for (String tenant : record.tenants()) {
        for (String kind : new String[] {IdSets.MEMORY, IdSets.EXCHANGE}) {
          row(tenant, kind).put("record", record.of(tenant, kind).length);
        }
      }
    }

    void compare(String store, IdSets other) {
      TreeSet<String> tenants = new TreeSet<>(record.tenants());
      tenants.addAll(other.tenants());
      for (String tenant : tenants) {
        for (String kind : new String[] {IdSets.MEMORY, IdSets.EXCHANGE}) {
          ObjectNode row = row(tenant, kind);
          row.putIfAbsent("record", JsonNodeFactory.instance.numberNode(0));
          long[] expected = record.of(tenant, kind);
          long[] held = other.of(tenant, kind);
          row.put(store, held.length);
          // both ascending: one merge pass names every id that only one side has
          int e = 0;
          int h = 0;
          while (e < expected.length || h < held.length) {
            if (h == held.length || (e < expected.length && expected[e] < held[h])) {
              add(tenant, kind, expected[e++], "missing_from_" + store);
            } else if (e == expected.length || held[h] < expected[e]) {
              add(tenant, kind, held[h++], "in_" + store + "_not_in_record");
            } else {
              e++;
              h++;
            }
          }
        }
      }
    }

    private void add(String tenant, String kind, long id, String problem) {
      findings.add().put("tenant", tenant).put("kind", kind).put("id", id).put("problem", problem);
    }

    private ObjectNode row(String tenant, String kind) {
      ObjectNode perTenant =
          counts.has(tenant) ? (ObjectNode) counts.get(tenant) : counts.putObject(tenant);
      String plural = kind.equals(IdSets.MEMORY) ? "memories" : "exchanges";
      return perTenant.has(plural)
          ? (ObjectNode) perTenant.get(plural)
          : perTenant.putObject(plural);
    }

    ArrayNode tenants() {
      ArrayNode list = JsonNodeFactory.instance.arrayNode();
      counts
          .properties()
          .forEach(
              e -> {
                ObjectNode row = list.addObject().put("tenant", e.getKey());
                row.setAll((ObjectNode) e.getValue());
              });
      return list;
    }

    Findings findings() {
      return findings;
    }
  }
}
