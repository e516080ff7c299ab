package dev.engram.graph.entity;

import java.util.Map;

/**
 * The entity type a fact suggests for its subject and object ({@code lives_in}: a person in a
 * place). Only a first guess: an entity keeps the first type other than "unknown" it was given.
 */
public final class EntityTypes {

  private static final Map<String, String> SUBJECT =
      Map.of(
          "lives_in", "person",
          "works_at", "person",
          "job_title", "person",
          "married_to", "person",
          "age", "person",
          "born_in", "person");

  private static final Map<String, String> OBJECT =
      Map.of(
          "lives_in", "place",
          "born_in", "place",
          "located_in", "place",
          "works_at", "organization",
          "married_to", "person",
          "job_title", "title",
          "age", "value");

  private EntityTypes() {}

  public static String subjectOf(String predicate) {
    return SUBJECT.getOrDefault(predicate, NameUse.UNKNOWN);
  }

  public static String objectOf(String predicate) {
    return OBJECT.getOrDefault(predicate, NameUse.UNKNOWN);
  }
}
