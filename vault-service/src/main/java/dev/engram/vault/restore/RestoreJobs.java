package dev.engram.vault.restore;

import dev.engram.common.error.EngramException;
import dev.engram.vault.OperationLock;
import dev.engram.vault.VaultError;
import dev.engram.vault.archive.ArchiveException;
import dev.engram.vault.archive.ArchiveReader;
import dev.engram.vault.archive.ArchiveVerifier;
import dev.engram.vault.archive.KeyRing;
import dev.engram.vault.archive.Manifest;
import dev.engram.vault.backup.Backup;
import dev.engram.vault.backup.BackupCatalog;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.jboss.logging.Logger;

/**
 * Restore jobs, one at a time: verify the whole archive first (nothing is sent from a damaged one),
 * then stream each source's entries to its service's import, in archive order, then have capture
 * reproject graph and recall where the archive could not restore them (docs/backup-format.md,
 * section 6).
 */
@ApplicationScoped
class RestoreJobs {

  private static final Logger LOG = Logger.getLogger(RestoreJobs.class);
  private static final int REMEMBERED = 20;
  private static final String GRAPH = "graph";
  private static final String RECALL = "recall";

  private final BackupCatalog catalog;
  private final KeyRing keys;
  private final RecordSinks sinks;
  private final OperationLock lock;
  private final RestoreMetrics metrics;
  private final ExecutorService executor =
      Executors.newSingleThreadExecutor(Thread.ofPlatform().name("restore-job").daemon().factory());
  private final Map<String, RestoreRun> runs = new LinkedHashMap<>();

  RestoreJobs(
      BackupCatalog catalog,
      KeyRing keys,
      RecordSinks sinks,
      OperationLock lock,
      RestoreMetrics metrics) {
    this.metrics = metrics;
    this.catalog = catalog;
    this.lock = lock;
    this.keys = keys;
    this.sinks = sinks;
  }

  synchronized RestoreJob start(RestoreRequest request) {
    String id = UUID.randomUUID().toString();
    lock.acquire(
        VaultError.RESTORE_IN_PROGRESS,
        "Restore " + id + " is running; follow it at /v1/restore/" + id);
    Backup backup;
    try {
      backup = resolve(request.backup());
    } catch (RuntimeException e) {
      lock.release();
      throw e;
    }
    RestoreRun run = new RestoreRun(id, backup.id(), request.mode(), request.dryRun());
    runs.put(run.id, run);
    while (runs.size() > REMEMBERED) {
      runs.remove(runs.keySet().iterator().next());
    }
    executor.execute(
        () -> {
          long started = System.nanoTime();
          try {
            run(run, backup);
          } finally {
            metrics.finished(run.view().state(), System.nanoTime() - started);
            lock.release();
          }
        });
    return run.view();
  }

  synchronized Optional<RestoreJob> find(String id) {
    return Optional.ofNullable(runs.get(id)).map(RestoreRun::view);
  }

  private Backup resolve(String id) {
    Optional<Backup> backup =
        "latest".equals(id)
            ? catalog.list().stream().filter(Backup::good).findFirst()
            : catalog.find(id);
    return backup.orElseThrow(
        () ->
            new EngramException(
                VaultError.BACKUP_NOT_FOUND,
                "latest".equals(id) ? "There is no good backup to restore" : "No backup " + id));
  }

  private void run(RestoreRun run, Backup backup) {
    try {
      try (InputStream in = catalog.destination().open(backup.file())) {
        ArchiveVerifier.verify(in, keys);
      }
      Set<String> imported;
      try (InputStream in = catalog.destination().open(backup.file())) {
        imported = load(run, ArchiveReader.open(in, keys));
      }
      reproject(run, imported);
      run.succeeded();
    } catch (ArchiveException e) {
      run.failed(e.error().definition().code(), "Backup " + backup.id() + ": " + e.getMessage());
    } catch (RecordSink.SinkException e) {
      run.failed(VaultError.RESTORE_SINK_FAILED.definition().code(), e.getMessage());
    } catch (Reprojector.ReprojectException e) {
      run.failed(VaultError.RESTORE_REPROJECT_FAILED.definition().code(), e.getMessage());
    } catch (IOException | RuntimeException e) {
      LOG.errorf(e, "Restore %s failed", run.id);
      run.failed(
          catalog.destination().unavailable().definition().code(),
          "Reading the backup failed: " + e.getMessage());
    }
  }

  /**
   * Streams each source's entries to its service, in archive order; returns the sources whose
   * records the services took. A source without entries is not sent (graph and recall are then
   * reprojected). recall refuses vectors of another embedding model with 409: its entries are
   * skipped and it is reprojected, which re-embeds.
   */
  private Set<String> load(RestoreRun run, ArchiveReader archive)
      throws ArchiveException, IOException, RecordSink.SinkException {
    Manifest manifest = archive.manifest();
    Set<String> imported = new HashSet<>();
    String next = archive.next();
    for (Manifest.Source source : manifest.sources()) {
      if (manifest.entries().stream().noneMatch(e -> e.source().equals(source.name()))) {
        continue;
      }
      RecordSink sink =
          sinks
              .forSource(source.name())
              .orElseThrow(
                  () -> new RecordSink.SinkException("No service for source " + source.name()));
      ImportBody body = new ImportBody(archive, manifest, source, next);
      run.loading(source.name(), body);
      Map<String, RecordSink.StreamResult> results;
      try {
        results = sink.load(run.mode, run.dryRun, body);
      } catch (RecordSink.SinkException e) {
        if (!RECALL.equals(source.name()) || e.status() != 409) {
          throw e;
        }
        body.transferTo(OutputStream.nullOutputStream()); // to the next source's entries
        run.refused(
            "recall's embedding model is not the archive's ("
                + manifest.embeddingModel()
                + "); its index is rebuilt from the record instead. "
                + e.getMessage());
        next = body.following();
        continue;
      }
      for (Manifest.Entry entry : manifest.entries()) {
        RecordSink.StreamResult result = results.get(entry.stream());
        long received = result == null ? 0 : result.received();
        if (entry.source().equals(source.name()) && received != entry.count()) {
          throw new RecordSink.SinkException(
              source.name()
                  + " received "
                  + received
                  + " records of "
                  + entry.stream()
                  + ", the backup holds "
                  + entry.count());
        }
      }
      run.loaded(source.name(), results);
      imported.add(source.name());
      next = body.following();
    }
    return imported;
  }

  /**
   * Has capture rebuild what was not imported: the graph without a graph export, recall's index
   * without vectors of its model. Never in a dry run, which changes nothing.
   */
  private void reproject(RestoreRun run, Set<String> imported)
      throws Reprojector.ReprojectException {
    Reprojector reprojector = sinks.reprojector();
    for (String target : List.of(GRAPH, RECALL)) {
      if (imported.contains(target)) {
        continue;
      }
      String reason =
          GRAPH.equals(target)
              ? "the backup has no graph export"
              : "the backup has no vectors of recall's embedding model";
      if (run.dryRun) {
        run.wouldReproject(target, reason);
        continue;
      }
      run.reprojecting(target);
      run.reprojected(reprojector.reproject(target));
    }
  }

  void onStop(@Observes ShutdownEvent event) {
    executor.shutdownNow();
  }
}
