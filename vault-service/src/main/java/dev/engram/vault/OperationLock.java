package dev.engram.vault;

import dev.engram.common.error.EngramException;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * One backup or restore at a time: a backup taken during a restore would capture a half-restored
 * record, and two restores would interleave.
 */
@ApplicationScoped
public class OperationLock {

  private EngramException holder;

  /**
   * Takes the lock; while it is held, others get {@code conflict} with {@code detail}.
   *
   * @throws EngramException the holder's conflict (409)
   */
  public synchronized void acquire(VaultError conflict, String detail) {
    if (holder != null) {
      throw holder;
    }
    holder = new EngramException(conflict, detail);
  }

  public synchronized void release() {
    holder = null;
  }
}
