package dev.engram.capture.learn;

import java.util.ArrayList;
import java.util.List;

/** What writing a set of findings did (a Reflector run adds these up). */
public final class Tally {

  public int extracted;
  public int inserted;
  public int touched;
  public int superseded;
  public int skipped;
  public int quarantined;

  /** Ids of the memories inserted (ACTIVE, SUPERSEDED at birth, or QUARANTINED). */
  public final List<Long> memoryIds = new ArrayList<>();

  /** A memory was inserted, superseding {@code superseded} others. */
  void countInserted(long memoryId, int superseded) {
    inserted++;
    this.superseded += superseded;
    memoryIds.add(memoryId);
  }

  public Tally add(Tally other) {
    extracted += other.extracted;
    inserted += other.inserted;
    touched += other.touched;
    superseded += other.superseded;
    skipped += other.skipped;
    quarantined += other.quarantined;
    memoryIds.addAll(other.memoryIds);
    return this;
  }
}
