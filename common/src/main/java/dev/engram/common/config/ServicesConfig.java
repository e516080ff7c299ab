package dev.engram.common.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/**
 * Where the Engram services are, and the key one service presents to another. Shared by every
 * service, with the same names in application.properties, env vars (ENGRAM_SERVICES_...) and the
 * k8s ConfigMap.
 */
@ConfigMapping(prefix = "engram.services")
public interface ServicesConfig {

  /** Base URL of capture-service (the record). */
  @WithDefault("http://localhost:8081")
  String captureUrl();

  /** Base URL of recall-service (index, recall, context). */
  @WithDefault("http://localhost:8082")
  String recallUrl();

  /** Base URL of graph-service (knowledge graph). */
  @WithDefault("http://localhost:8083")
  String graphUrl();

  /** Base URL of vault-service (backups). */
  @WithDefault("http://localhost:8084")
  String vaultUrl();

  /**
   * The clear-text key this service sends to the others; its sha256 must be configured there with
   * the internal role. From a Secret in a cluster.
   */
  Optional<String> internalKey();
}
