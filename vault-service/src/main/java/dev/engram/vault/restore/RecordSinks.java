package dev.engram.vault.restore;

import dev.engram.common.config.ServicesConfig;
import dev.engram.vault.client.ServiceClient;
import dev.engram.vault.config.VaultConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** The import endpoint of each source service, and capture's reprojection. */
@ApplicationScoped
class RecordSinks {

  private final ServicesConfig services;
  private final VaultConfig config;
  private final ServiceClient client;

  RecordSinks(ServicesConfig services, VaultConfig config, ServiceClient client) {
    this.services = services;
    this.config = config;
    this.client = client;
  }

  /** The sink for a manifest source, or empty for one this vault does not know. */
  Optional<RecordSink> forSource(String name) {
    String url =
        switch (name) {
          case "capture" -> services.captureUrl();
          case "graph" -> services.graphUrl();
          case "recall" -> services.recallUrl();
          default -> null;
        };
    return Optional.ofNullable(url)
        .map(base -> new HttpRecordSink(name, base, client, config.exportTimeout()));
  }

  /** capture's reprojection, for what the archive cannot restore directly. */
  Reprojector reprojector() {
    return new HttpReprojector(services.captureUrl(), client, config.exportTimeout());
  }
}
