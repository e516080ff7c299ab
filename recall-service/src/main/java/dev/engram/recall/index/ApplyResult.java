package dev.engram.recall.index;

/** What a batch did: operations applied, and operations skipped because they were stale. */
public record ApplyResult(int applied, int skipped) {}
