package dev.engram.vault.backup;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.common.error.EngramException;
import dev.engram.vault.VaultError;
import dev.engram.vault.archive.ArchiveException;
import dev.engram.vault.archive.ArchiveVerifier;
import dev.engram.vault.archive.ArchiveWriter;
import dev.engram.vault.archive.EntrySpool;
import dev.engram.vault.archive.KeyRing;
import dev.engram.vault.archive.Manifest;
import dev.engram.vault.archive.VerifiedArchive;
import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.destination.BackupDestination;
import dev.engram.vault.source.SnapshotSource;
import dev.engram.vault.source.SnapshotSources;
import dev.engram.vault.source.SourceException;
import dev.engram.vault.source.SourceSnapshot;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * One backup, start to end: export every source into a spool, write the archive under a temporary
 * name, verify it by reading it back, publish it, apply retention. Nothing reaches the catalog
 * unless every step succeeded.
 */
@ApplicationScoped
class BackupWriter {

  private static final Logger LOG = Logger.getLogger(BackupWriter.class);

  private final SnapshotSources sources;
  private final BackupCatalog catalog;
  private final KeyRing keys;
  private final Retention retention;
  private final BackupMetrics metrics;

  BackupWriter(
      SnapshotSources sources,
      BackupCatalog catalog,
      KeyRing keys,
      VaultConfig config,
      BackupMetrics metrics) {
    this.metrics = metrics;
    this.sources = sources;
    this.catalog = catalog;
    this.keys = keys;
    this.retention = Retention.of(config.retention());
  }

  void run(BackupRun run) {
    try {
      Backup backup = write(run);
      run.phase("retention");
      List<String> deleted = applyRetention(backup);
      run.succeeded(backup, deleted, Instant.now());
      metrics.succeeded(backup, run.startedAt);
      LOG.infof(
          "Backup %s written: %d records, %d bytes, %s",
          backup.id(), backup.records(), backup.sizeBytes(), backup.destination());
    } catch (SourceException e) {
      fail(run, e.error().definition().code(), e.getMessage());
    } catch (ArchiveException e) {
      fail(run, e.error().definition().code(), "The archive did not verify: " + e.getMessage());
    } catch (EngramException e) {
      fail(run, e.error().definition().code(), e.getMessage());
    } catch (IOException | RuntimeException e) {
      LOG.errorf(e, "Backup %s failed", run.id);
      BackupDestination destination = catalog.destination();
      fail(
          run,
          destination.unavailable().definition().code(),
          "Writing the backup failed: " + e.getMessage());
    }
  }

  private Backup write(BackupRun run) throws SourceException, ArchiveException, IOException {
    BackupDestination destination = catalog.destination();
    Instant createdAt = Instant.now();
    List<SourceSnapshot> snapshots = new ArrayList<>();
    try (EntrySpool spool = new EntrySpool(destination.staging())) {
      for (SnapshotSource source : sources.all()) {
        snapshots.add(
            source.export(
                new SnapshotSource.ExportSink() {
                  @Override
                  public void stream(String stream) throws IOException {
                    spool.declare(source.name(), stream);
                  }

                  @Override
                  public void record(String stream, byte[] json) throws IOException {
                    spool.append(source.name(), stream, json);
                    run.records(spool.total());
                  }
                }));
      }
      run.phase("archiving");
      List<EntrySpool.SpooledEntry> entries = spool.finish();
      Manifest manifest = manifest(run.id, createdAt, snapshots, entries);
      String file =
          run.id
              + (keys.primary().isPresent()
                  ? BackupCatalog.ENCRYPTED_SUFFIX
                  : BackupCatalog.SUFFIX);
      Path staged = destination.staging().resolve("." + file + "." + UUID.randomUUID() + ".part");
      try {
        ArchiveWriter.write(staged, manifest, entries, keys.primary());
        run.phase("verifying");
        VerifiedArchive verified;
        try (InputStream in = Files.newInputStream(staged)) {
          verified = ArchiveVerifier.verify(in, keys);
        }
        if (!verified.manifest().counts().equals(manifest.counts())) {
          throw new ArchiveException(
              VaultError.BACKUP_TAMPERED, "The written archive's counts differ from the export's");
        }
        run.phase("publishing");
        Instant now = Instant.now();
        catalog.save(
            new CatalogRecord(
                run.id,
                createdAt,
                verified.encrypted(),
                verified.keyId(),
                manifest.counts(),
                verified.records(),
                true,
                now,
                null));
        long size = Files.size(staged);
        try {
          destination.publish(staged, file);
        } catch (IOException | RuntimeException e) {
          catalog.destination().delete(run.id + BackupCatalog.RECORD_SUFFIX);
          throw e;
        }
        return new Backup(
            run.id,
            file,
            size,
            createdAt,
            verified.encrypted(),
            destination.kind(),
            manifest.counts(),
            verified.records(),
            true,
            now,
            verified.keyId());
      } finally {
        Files.deleteIfExists(staged);
      }
    }
  }

  private static Manifest manifest(
      String id,
      Instant createdAt,
      List<SourceSnapshot> snapshots,
      List<EntrySpool.SpooledEntry> entries) {
    JsonNode outbox = null;
    String model = null;
    List<Manifest.Source> described = new ArrayList<>();
    for (SourceSnapshot snapshot : snapshots) {
      described.add(
          new Manifest.Source(
              snapshot.name(),
              snapshot.service(),
              snapshot.version(),
              snapshot.takenAt(),
              snapshot.position(),
              snapshot.embeddingModel()));
      if ("capture".equals(snapshot.name())) {
        outbox = snapshot.position();
      }
      if (snapshot.embeddingModel() != null) {
        model = snapshot.embeddingModel();
      }
    }
    return new Manifest(
        Manifest.FORMAT,
        Manifest.VERSION,
        id,
        createdAt,
        described,
        outbox,
        model,
        entries.stream().map(EntrySpool.SpooledEntry::entry).toList());
  }

  private List<String> applyRetention(Backup latest) {
    List<String> deleted = new ArrayList<>();
    for (Backup backup : retention.expired(catalog.list())) {
      if (backup.id().equals(latest.id())) {
        continue; // never the backup just written
      }
      try {
        catalog.delete(backup);
        deleted.add(backup.id());
      } catch (IOException e) {
        LOG.warnf("Retention could not delete backup %s: %s", backup.id(), e.getMessage());
      }
    }
    if (!deleted.isEmpty()) {
      LOG.infof("Retention deleted %d backups: %s", deleted.size(), deleted);
    }
    return deleted;
  }

  private void fail(BackupRun run, String code, String detail) {
    LOG.errorf("Backup %s failed: %s (%s)", run.id, detail, code);
    run.failed(code, detail, Instant.now());
    metrics.failed(run.startedAt);
  }
}
