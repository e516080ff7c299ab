package dev.engram.console.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * Where the services are: the same keys as every service's (engram.services.*, env
 * ENGRAM_SERVICES_*, the k8s ConfigMap). The shared internal key is deliberately not read: the
 * console calls only with the signed-in person's key.
 */
@ConfigMapping(prefix = "engram.services")
public interface ServiceUrls {

  /** Base URL of capture-service (the record). */
  @WithDefault("http://localhost:8081")
  String captureUrl();

  /** Base URL of recall-service (recall). */
  @WithDefault("http://localhost:8082")
  String recallUrl();
}
