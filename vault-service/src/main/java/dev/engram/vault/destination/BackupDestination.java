package dev.engram.vault.destination;

import dev.engram.vault.VaultError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where finished archives are kept: a flat namespace of named files. Publishing is atomic — a name
 * shows up in {@link #list()} only once its content is complete — so the catalog never sees a
 * partial archive.
 */
public interface BackupDestination {

  /** For the catalog: {@code local} or {@code s3}. */
  String kind();

  /** A local directory archives are written (and verified) in before {@link #publish}. */
  Path staging();

  /** Every complete file, in no particular order. */
  List<StoredFile> list() throws IOException;

  /** Reads one file; {@link java.nio.file.NoSuchFileException} when it does not exist. */
  InputStream open(String name) throws IOException;

  /** A small file (catalog metadata), or empty when there is none. */
  Optional<byte[]> read(String name) throws IOException;

  /** Writes a small file atomically, replacing one of the same name. */
  void write(String name, byte[] content) throws IOException;

  /** Moves a verified staged file in under {@code name}; the staged file is gone afterwards. */
  void publish(Path staged, String name) throws IOException;

  /** Deletes a file; no error when it is already gone. */
  void delete(String name) throws IOException;

  /** Proves the destination reachable and usable; throws with the reason when it is not. */
  void probe() throws IOException;

  /** The problem a client sees while this destination fails. */
  VaultError unavailable();

  /** One stored file. */
  record StoredFile(String name, long size, Instant modified) {}
}
