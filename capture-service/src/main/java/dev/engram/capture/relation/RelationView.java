package dev.engram.capture.relation;

import java.time.Instant;

/** A relation as clients see it. */
public record RelationView(
    long id,
    long fromMemory,
    long toMemory,
    RelationType type,
    double weight,
    Instant createdAt,
    String createdBy,
    long version) {

  static RelationView of(MemoryRelation r) {
    return new RelationView(
        r.id, r.fromMemory, r.toMemory, r.type, r.weight, r.createdAt, r.createdBy, r.version);
  }
}
