package dev.engram.graph.operations;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The typed, weighted relations between memories; each is its own relationship type in Neo4j. */
public enum RelationType {
  SUPPORTS,
  CONTRADICTS,
  RELATED_TO,
  DEPENDS_ON,
  DERIVED_FROM,
  BLOCKS,
  SIMILAR_TO;

  /** All of them as a Cypher relationship-type alternative: {@code SUPPORTS|CONTRADICTS|…}. */
  public static final String ANY =
      Arrays.stream(values()).map(Enum::name).collect(Collectors.joining("|"));
}
