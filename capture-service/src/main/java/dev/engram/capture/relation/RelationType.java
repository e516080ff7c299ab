package dev.engram.capture.relation;

/** How one memory relates to another (the graph contract's relation types). */
public enum RelationType {
  SUPPORTS,
  CONTRADICTS,
  RELATED_TO,
  DEPENDS_ON,
  DERIVED_FROM,
  BLOCKS,
  SIMILAR_TO
}
