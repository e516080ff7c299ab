package dev.engram.vault.archive;

import dev.engram.vault.config.VaultConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.jboss.logging.Logger;

/** The key ring from {@code engram.vault.encryption}; a bad key setting stops the start-up. */
@ApplicationScoped
class KeyRingProducer {

  private static final Logger LOG = Logger.getLogger(KeyRingProducer.class);

  @Produces
  @Singleton
  @Startup // a bad setting stops the start-up instead of the first backup
  KeyRing keyRing(VaultConfig config) {
    KeyRing ring =
        KeyRing.of(
            config.encryption().keys().orElse(java.util.List.of()),
            config.encryption().primaryKey());
    if (ring.primary().isEmpty()) {
      LOG.warn(
          "No engram.vault.encryption.keys: backups are written unencrypted."
              + " Configure keys from a Secret before sending backups off the machine.");
    } else {
      LOG.infof("Backups are encrypted with key %s", ring.primary().get().id());
    }
    return ring;
  }
}
