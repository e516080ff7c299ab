package dev.engram.recall.index;

/**
 * What an import did (or, in a dry run, would do): documents received, new ones, ones replacing an
 * older version, and ones left as they were because the index holds the same or a newer version.
 */
public record ImportCounts(long received, long inserted, long updated, long unchanged) {}
