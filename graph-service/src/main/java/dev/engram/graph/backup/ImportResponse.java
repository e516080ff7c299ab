package dev.engram.graph.backup;

import java.util.Map;

/**
 * The answer of an import: {@code applied} is false for a dry run; counts for every stream of the
 * end line.
 */
record ImportResponse(boolean applied, Map<String, StreamCounts> counts) {}
