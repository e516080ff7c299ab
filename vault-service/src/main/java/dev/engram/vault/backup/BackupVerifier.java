package dev.engram.vault.backup;

import dev.engram.common.error.EngramException;
import dev.engram.vault.VaultError;
import dev.engram.vault.archive.ArchiveException;
import dev.engram.vault.archive.ArchiveVerifier;
import dev.engram.vault.archive.KeyRing;
import dev.engram.vault.archive.StorageReadException;
import dev.engram.vault.archive.VerifiedArchive;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.NoSuchFileException;
import java.time.Instant;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Verifies a stored backup by reading it end to end, and records the outcome in its catalog record.
 */
@ApplicationScoped
class BackupVerifier {

  private static final Logger LOG = Logger.getLogger(BackupVerifier.class);

  private final BackupCatalog catalog;
  private final KeyRing keys;

  BackupVerifier(BackupCatalog catalog, KeyRing keys) {
    this.catalog = catalog;
    this.keys = keys;
  }

  Verification verify(Backup backup) {
    VerifiedArchive archive;
    try (InputStream in = catalog.destination().open(backup.file())) {
      archive = ArchiveVerifier.verify(in, keys);
    } catch (ArchiveException e) {
      record(backup, e.error().definition().code());
      throw new EngramException(
          e.error(),
          "Backup " + backup.id() + ": " + e.getMessage(),
          java.util.List.of(),
          Map.of("backup_id", backup.id()));
    } catch (NoSuchFileException e) {
      throw new EngramException(VaultError.BACKUP_NOT_FOUND, "No backup with id " + backup.id());
    } catch (StorageReadException e) {
      throw catalog.unavailable(e);
    } catch (IOException e) {
      throw catalog.unavailable(e);
    }
    if (!archive.manifest().backupId().equals(backup.id())) {
      LOG.infof("Backup %s holds archive %s (renamed)", backup.id(), archive.manifest().backupId());
    }
    Instant now = Instant.now();
    record(backup, null);
    return new Verification(
        backup.id(),
        true,
        now,
        archive.encrypted(),
        archive.keyId(),
        archive.manifest().formatVersion(),
        archive.manifest().createdAt(),
        archive.records(),
        archive.manifest().counts());
  }

  private void record(Backup backup, String problem) {
    catalog
        .record(backup.id())
        .ifPresent(
            existing -> {
              try {
                catalog.save(existing.verified(Instant.now(), problem));
              } catch (IOException e) {
                LOG.warnf("Cannot record the verification of %s: %s", backup.id(), e.getMessage());
              }
            });
  }

  /** The answer of a successful verification. */
  record Verification(
      String id,
      boolean verified,
      Instant verifiedAt,
      boolean encrypted,
      String keyId,
      int formatVersion,
      Instant createdAt,
      long records,
      Map<String, Long> counts) {}
}
