package dev.engram.recall.index;

/** Answer of the internal index API: operations applied, and stale ones skipped. */
record IndexOperationsResponse(int applied, int skipped) {}
