package dev.engram.graph.entity;

import dev.engram.graph.text.Names;
import java.time.Instant;

/**
 * A name as written in a fact or a memory, to be resolved to an entity: its surface form, its key,
 * the entity type it suggests ("unknown" when nothing does) and when it was seen.
 */
public record NameUse(String name, String key, String type, Instant seen) {

  public static final String UNKNOWN = "unknown";

  /** A use of {@code name}; its key is the normalized name. */
  public static NameUse of(String name, String type, Instant seen) {
    String display = Names.display(name);
    return new NameUse(display, Names.normalize(display), type, seen);
  }
}
