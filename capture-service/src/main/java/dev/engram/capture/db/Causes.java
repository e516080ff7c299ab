package dev.engram.capture.db;

import io.smallrye.mutiny.CompositeException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A walk over everything a failure carries. Mutiny reports a failed reactive transaction as a
 * {@link CompositeException} whose first cause may be Hibernate's "live transaction detected while
 * closing" and only a later one what went wrong, so every cause of a composite and every suppressed
 * exception is looked at, not only the {@code getCause()} chain.
 */
final class Causes {

  /** Bounds the walk over a pathological exception graph. */
  private static final int MAX_VISITED = 64;

  private Causes() {}

  static boolean anyMatch(Throwable failure, Predicate<Throwable> test) {
    Deque<Throwable> pending = new ArrayDeque<>();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    if (failure != null) {
      pending.push(failure);
    }
    while (!pending.isEmpty() && seen.size() < MAX_VISITED) {
      Throwable t = pending.pop();
      if (!seen.add(t)) {
        continue;
      }
      if (test.test(t)) {
        return true;
      }
      if (t.getCause() != null) {
        pending.push(t.getCause());
      }
      if (t instanceof CompositeException composite) {
        composite.getCauses().forEach(pending::push);
      }
      for (Throwable suppressed : t.getSuppressed()) {
        pending.push(suppressed);
      }
    }
    return false;
  }
}
