package dev.engram.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ApplicationVersionTest {

  @Test
  void givesTheConfiguredVersion() {
    assertEquals("1.2.3", new ApplicationVersion("1.2.3").value());
  }

  @Test
  void theDefaultSaysTheVersionIsUnknown() throws NoSuchMethodException {
    var parameter =
        ApplicationVersion.class.getDeclaredConstructor(String.class).getParameters()[0];
    var property =
        parameter.getAnnotation(org.eclipse.microprofile.config.inject.ConfigProperty.class);
    assertEquals("quarkus.application.version", property.name());
    assertEquals("unknown", property.defaultValue());
  }
}
