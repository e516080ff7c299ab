package dev.engram.console.config;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where the services are: four keys of the shared engram.services.* (env ENGRAM_SERVICES_*, the k8s
 * ConfigMap). Read key by key rather than as a mapping of the whole prefix, so the other shared
 * keys there (internal-key) are left alone instead of failing the start as unknown. The internal
 * key in particular is never read: the console calls only with the person's key.
 */
@Singleton
public class ServiceUrls {

  private final String captureUrl;
  private final String recallUrl;

  @ConfigProperty(name = "engram.services.graph-url", defaultValue = "http://localhost:8083")
  String graphUrl;

  @ConfigProperty(name = "engram.services.vault-url", defaultValue = "http://localhost:8084")
  String vaultUrl;

  ServiceUrls(
      @ConfigProperty(name = "engram.services.capture-url", defaultValue = "http://localhost:8081")
          String captureUrl,
      @ConfigProperty(name = "engram.services.recall-url", defaultValue = "http://localhost:8082")
          String recallUrl) {
    this.captureUrl = captureUrl;
    this.recallUrl = recallUrl;
  }

  /** Base URL of capture-service (the record). */
  public String captureUrl() {
    return captureUrl;
  }

  /** Base URL of recall-service (recall). */
  public String recallUrl() {
    return recallUrl;
  }

  /** Base URL of graph-service (entities, facts, beliefs). */
  public String graphUrl() {
    return graphUrl;
  }

  /** Base URL of vault-service (backups, the audit). */
  public String vaultUrl() {
    return vaultUrl;
  }
}
