package dev.engram.recall.backup;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.recall.config.RecallConfig;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.IndexSnapshot;
import dev.engram.recall.index.IndexStore;
import jakarta.validation.Validator;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Export and import of the index for backups. The embedder is asked only for its model id and
 * vector length: an import never embeds (the records carry their vectors). A store whose load is
 * not all or nothing (Qdrant) gets the body only after it was spooled to a temporary file and
 * checked completely, so bad input changes nothing there either.
 */
public final class BackupService {

  private final IndexStore store;
  private final Embedder embedder;
  private final ObjectMapper json;
  private final Validator validator;
  private final int maxTextBytes;
  private final IndexExport export;

  public BackupService(
      IndexStore store,
      Embedder embedder,
      ObjectMapper json,
      Validator validator,
      int maxTextBytes,
      String version) {
    this.store = store;
    this.embedder = embedder;
    this.json = json;
    this.validator = validator;
    this.maxTextBytes = maxTextBytes;
    this.export = new IndexExport(json, version);
  }

  static BackupService of(
      IndexStore store,
      Embedder embedder,
      ObjectMapper json,
      Validator validator,
      RecallConfig config,
      String version) {
    return new BackupService(store, embedder, json, validator, config.maxTextBytes(), version);
  }

  /** The snapshot an export reads; refused (409, 503) before anything is written. */
  public IndexSnapshot snapshot() {
    return store.snapshot();
  }

  /** Writes the export of {@code snapshot} and closes it; returns the number of records. */
  public long export(IndexSnapshot snapshot, OutputStream out) throws IOException {
    try (snapshot) {
      return export.write(snapshot, Instant.now(), out);
    }
  }

  /** Imports a body; bad input throws (400, 409) and applies nothing. */
  public ImportCounts load(InputStream body, boolean replace, boolean dryRun) {
    if (store.atomicLoad()) {
      ImportReader reader = reader(body);
      reader.header();
      return store.load(reader, replace, dryRun);
    }
    Path spool = null;
    try {
      spool = Files.createTempFile("recall-import-", ".ndjson");
      try (OutputStream out = Files.newOutputStream(spool)) {
        body.transferTo(out);
      }
      try (InputStream in = Files.newInputStream(spool)) {
        ImportReader check = reader(in);
        check.header();
        while (check.next() != null) {
          // every line checked before the store sees the first
        }
      }
      try (InputStream in = Files.newInputStream(spool)) {
        ImportReader reader = reader(in);
        reader.header();
        return store.load(reader, replace, dryRun);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("spooling the import failed", e);
    } finally {
      if (spool != null) {
        try {
          Files.deleteIfExists(spool);
        } catch (IOException e) {
          // a temporary file; the OS cleans up
        }
      }
    }
  }

  private ImportReader reader(InputStream in) {
    return new ImportReader(
        new BufferedInputStream(in, 64 * 1024),
        json,
        validator,
        embedder.modelId(),
        embedder.dimensions(),
        maxTextBytes);
  }
}
