package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.vault.config.VaultConfig;
import java.util.Map;
import java.util.TreeMap;

/**
 * Sudden centrality spikes: entities whose centrality grew by more than the configured factor since
 * the previous audit. Without a previous audit there is nothing to compare, and the report says so
 * rather than reporting none.
 */
final class Spikes {

  private final VaultConfig.Audit config;
  private final AuditStore.Baseline previous;
  private long count;

  Spikes(VaultConfig.Audit config, AuditStore.Baseline previous) {
    this.config = config;
    this.previous = previous;
  }

  ObjectNode against(Map<String, GraphScan.Entity> entities) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    json.put("factor", config.spikeFactor());
    if (previous == null) {
      json.put("compared", false);
      json.putNull("previous_audit");
      json.put("note", "first audit: no previous centralities to compare with, so no spikes");
      json.put("count", 0);
      json.putArray("items");
      return json;
    }
    json.put("compared", true);
    json.put("previous_audit", previous.startedAt());
    Findings spikes = new Findings(config.listLimit());
    new TreeMap<>(entities)
        .forEach(
            (key, entity) -> {
              Double before = previous.centralities().get(key);
              Double now = entity.centrality();
              if (before != null
                  && now != null
                  && before > 0
                  && now >= config.spikeMinCentrality()
                  && now > before * config.spikeFactor()) {
                String[] parts = key.split("\u0000", 2);
                spikes
                    .add()
                    .put("tenant", parts[0])
                    .put("id", parts[1])
                    .put("name", entity.name())
                    .put("previous", before)
                    .put("current", now)
                    .put("growth", now / before);
              }
            });
    count = spikes.count();
    json.setAll(spikes.json());
    return json;
  }

  long count() {
    return count;
  }
}
