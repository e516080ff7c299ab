package dev.engram.common.metrics;

import io.micrometer.core.instrument.Tag;

/**
 * Marks gauges that count a shared store (the whole database), not this pod: every replica reports
 * the same value, so dashboards and alerts aggregate them with {@code max}, never {@code sum}.
 */
public final class DatabaseWide {

  /** {@code scope="database"}. */
  public static final Tag TAG = Tag.of("scope", "database");

  /** Appended to such a gauge's help text. */
  public static final String HELP =
      " (the whole database, the same on every pod: aggregate with max)";

  private DatabaseWide() {}
}
