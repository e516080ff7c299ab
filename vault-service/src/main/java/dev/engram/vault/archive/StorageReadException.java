package dev.engram.vault.archive;

import java.io.IOException;

/**
 * Reading the stored archive itself failed (disk, network): not the archive's fault, so never
 * reported as tampering or truncation.
 */
public final class StorageReadException extends IOException {

  public StorageReadException(IOException cause) {
    super(cause.getMessage(), cause);
  }
}
