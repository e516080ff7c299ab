package dev.engram.vault;

import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.security.identity.SecurityIdentity;

/**
 * The one rule of vault's API: an archive holds every tenant's data in one set of streams, and a
 * restore replaces or merges every tenant it holds, so a key bound to one tenant could read or
 * overwrite the others. Until archives can be cut per tenant, every endpoint needs an ops key of
 * tenant {@code *} ({@code ./engram key create --tenant '*' --roles ops}); a tenant's ops key is
 * refused with 403 {@code suite_key_required} before anything is read or started.
 */
public final class SuiteOperator {

  private SuiteOperator() {}

  /** Refuses (403) a caller whose key is bound to one tenant. */
  public static void require(SecurityIdentity identity) {
    Caller caller = Caller.of(identity);
    if (!caller.everyTenant()) {
      throw new EngramException(
          VaultError.SUITE_KEY_REQUIRED,
          "Backups hold every tenant; the key of tenant "
              + caller.tenant()
              + " may not see or change them. Use an ops key of tenant *.");
    }
  }
}
