package dev.engram.vault.source;

import dev.engram.vault.VaultError;

/** A source's export failed or broke the contract; the detail names the source. */
public class SourceException extends Exception {

  private final VaultError error;

  public SourceException(VaultError error, String detail) {
    super(detail, null, false, false);
    this.error = error;
  }

  public VaultError error() {
    return error;
  }
}
