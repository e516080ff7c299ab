package dev.engram.vault.archive;

import dev.engram.vault.VaultError;

/** Why an archive cannot be read or trusted; carries the problem code a client sees. */
public class ArchiveException extends Exception {

  private final VaultError error;

  public ArchiveException(VaultError error, String detail) {
    super(detail, null, false, false);
    this.error = error;
  }

  public VaultError error() {
    return error;
  }
}
