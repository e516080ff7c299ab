package dev.engram.common.config;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The version of the running service, as the build records it ({@code quarkus.application.version},
 * the Maven project version), written into backup headers. One default for every service.
 */
@ApplicationScoped
public class ApplicationVersion {

  /** When the build did not record a version: say so rather than guess one. */
  static final String UNKNOWN = "unknown";

  private final String version;

  ApplicationVersion(
      @ConfigProperty(name = "quarkus.application.version", defaultValue = UNKNOWN)
          String version) {
    this.version = version;
  }

  public String value() {
    return version;
  }
}
