package dev.engram.graph.backup;

/** What an import did (or, in a dry run, would do) with the records of one stream. */
record StreamCounts(long received, long inserted, long updated, long unchanged) {

  /** Counts while the chunks are applied. */
  static final class Builder {
    final long received;
    long inserted;
    long updated;
    long unchanged;

    Builder(long received) {
      this.received = received;
    }

    StreamCounts build() {
      return new StreamCounts(received, inserted, updated, unchanged);
    }
  }
}
