package dev.engram.vault.archive;

import dev.engram.vault.VaultError;
import java.io.IOException;

/** An archive problem found deep inside a stream chain (decryption), carried up as an I/O error. */
final class ArchiveIOException extends IOException {

  private final VaultError error;

  ArchiveIOException(VaultError error, String detail) {
    super(detail);
    this.error = error;
  }

  ArchiveException toArchiveException() {
    return new ArchiveException(error, getMessage());
  }
}
