package dev.engram.capture.stats;

import com.fasterxml.jackson.annotation.JsonProperty;

/** {@code GET /v1/stats}: one tenant at a glance. */
record TenantStats(
    String tenant,
    Memories memories,
    Exchanges exchanges,
    Facts facts,
    Slots slots,
    Reflector reflector,
    Outbox outbox,
    Injections injections) {

  /** The memory pool by status; low confidence counts ACTIVE memories only. */
  record Memories(
      long active, long archived, long superseded, long quarantined, long lowConfidence) {}

  record Exchanges(long total, long quarantined) {}

  /** Current: ACTIVE and not invalidated. */
  record Facts(long current, long superseded, long quarantined) {}

  record Slots(long total, long quarantined) {}

  /** Backlog and totals over finished runs; the finish time as an ISO-8601 string. */
  record Reflector(
      long pendingExchanges,
      long runs,
      long exchangesRead,
      long extracted,
      long inserted,
      long touched,
      long superseded,
      long skipped,
      long quarantined,
      long archived,
      String lastRunFinishedAt,
      double exchangesPerSecond) {}

  /** What context answers gave agents (injection records); coverage is selected / candidates. */
  record Injections(@JsonProperty("last_24h") Window last24h) {}

  /** Records in a window, and the items they selected out of their candidates. */
  record Window(long records, long selected, long candidates) {}

  /** The backlog per projection. */
  record Outbox(Backlog recall, Backlog graph) {}

  record Backlog(long pending, long dead, double lagSeconds) {

    static final Backlog EMPTY = new Backlog(0, 0, 0.0);
  }
}
