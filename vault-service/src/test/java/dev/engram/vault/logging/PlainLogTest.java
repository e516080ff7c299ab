package dev.engram.vault.logging;

import static org.junit.jupiter.api.Assertions.assertFalse;

import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** Outside the cluster profile (./engram up, tests) the console stays plain text. */
class PlainLogTest {

  @Test
  void jsonLogsAreOffByDefault() {
    assertFalse(
        ConfigProvider.getConfig().getValue("quarkus.log.console.json.enabled", Boolean.class));
  }
}
