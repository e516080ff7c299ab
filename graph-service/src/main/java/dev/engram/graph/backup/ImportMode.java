package dev.engram.graph.backup;

/** How an import meets the graph: {@code replace} empties the tenants first; {@code merge} not. */
enum ImportMode {
  REPLACE,
  MERGE
}
