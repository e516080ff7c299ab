package dev.engram.vault.source;

import dev.engram.common.config.ServicesConfig;
import dev.engram.vault.client.ServiceClient;
import dev.engram.vault.config.VaultConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/** The configured sources ({@code engram.vault.sources}), in backup order. */
@ApplicationScoped
public class SnapshotSources {

  private final List<SnapshotSource> sources;

  SnapshotSources(VaultConfig config, ServicesConfig services, ServiceClient client) {
    List<SnapshotSource> list = new ArrayList<>();
    for (String name : config.sources()) {
      String url =
          switch (name.trim()) {
            case "capture" -> services.captureUrl();
            case "graph" -> services.graphUrl();
            case "recall" -> services.recallUrl();
            default ->
                throw new IllegalArgumentException(
                    "engram.vault.sources: unknown source '" + name + "' (capture, graph, recall)");
          };
      list.add(
          new HttpSnapshotSource(
              name.trim(), url, client, config.exportConnectTimeout(), config.exportTimeout()));
    }
    this.sources = List.copyOf(list);
  }

  public List<SnapshotSource> all() {
    return sources;
  }
}
