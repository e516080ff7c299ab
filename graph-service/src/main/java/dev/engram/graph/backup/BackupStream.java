package dev.engram.graph.backup;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The streams of graph-service's export, in export (and restore) order: a stream only refers to
 * streams before it (aliases and mentions name entities; facts name entities and memories;
 * relations name memories; evidence names its belief).
 */
enum BackupStream {
  /** {@code (:Entity)} with its {@code (:Alias)} names embedded as {@code aliases}. */
  ENTITIES(false, null, Set.of("aliases")),
  /** {@code (:EntityMerge)} records, so a restored merge can still be undone. */
  MERGES(false, null, Set.of()),
  /** {@code (:Memory)} (placeholders included) with its {@code mentions} of entities. */
  MEMORIES(true, "version", Set.of("mentions")),
  /** {@code (:Exchange)} with its {@code mentions}. */
  EXCHANGES(true, "version", Set.of("mentions")),
  /** {@code -[:FACT]->} with {@code subject_id} and {@code object_id}. */
  FACTS(true, "version", Set.of("subject_id", "object_id")),
  /** Memory-to-memory relations with {@code type}, {@code from_memory} and {@code to_memory}. */
  RELATIONS(true, "version", Set.of("type", "from_memory", "to_memory")),
  /** {@code (:Belief)}: exists only in the graph. The evidence count serves as its version. */
  BELIEFS(false, "evidence_count", Set.of()),
  /** {@code (:Evidence)} of beliefs, naming its {@code belief_id}; never changes once written. */
  EVIDENCE(false, null, Set.of()),
  /**
   * {@code (:BeliefSettings)}: a tenant's revision rule. One per tenant, keyed by the tenant alone
   * (no id); merge keeps the rule a tenant has chosen since.
   */
  BELIEF_SETTINGS(false, null, Set.of());

  /** Whether ids are integers (the record's ids) rather than strings (graph-made ids). */
  final boolean numericId;

  /** The field compared by a merge import (higher wins), or null: present means unchanged. */
  final String versionField;

  /** Record fields that are not properties of the node or relationship itself. */
  final Set<String> extras;

  BackupStream(boolean numericId, String versionField, Set<String> extras) {
    this.numericId = numericId;
    this.versionField = versionField;
    this.extras = extras;
  }

  /** The name on the wire and in the archive ({@code graph/<name>.jsonl}). */
  String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether a record is identified by its tenant alone (it carries no {@code id}). */
  boolean perTenant() {
    return this == BELIEF_SETTINGS;
  }

  static Optional<BackupStream> of(String wire) {
    return Arrays.stream(values()).filter(s -> s.wire().equals(wire)).findFirst();
  }
}
