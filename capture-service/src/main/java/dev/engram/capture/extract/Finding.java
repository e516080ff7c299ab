package dev.engram.capture.extract;

import dev.engram.capture.memory.MemoryCategory;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Something worth remembering that an extractor found in one or more exchanges: the memory text,
 * its category and confidence, provenance, and — when it has a subject-predicate-object shape — the
 * fact, valid from the time it names (or the time it was said).
 *
 * @param quarantine set when a source exchange is quarantined: the finding is stored quarantined
 * @param correction the speaker corrected something said before ("actually ...")
 */
public record Finding(
    String text,
    MemoryCategory category,
    double confidence,
    List<Long> exchangeIds,
    Triple fact,
    Instant validFrom,
    Map<String, String> metadata,
    boolean correction,
    String extractor,
    String extractorVersion,
    String quarantine) {

  /** (subject)-[predicate]->(object); predicate is lower_snake_case. */
  public record Triple(String subject, String predicate, String object) {}

  /** The same finding from a quarantined source. */
  public Finding quarantined(String reason) {
    return new Finding(
        text,
        category,
        confidence,
        exchangeIds,
        fact,
        validFrom,
        metadata,
        correction,
        extractor,
        extractorVersion,
        reason);
  }

  /** The same finding with another confidence and extractor (explicit remember). */
  public Finding as(double newConfidence, String newExtractor, String newVersion) {
    return new Finding(
        text,
        category,
        newConfidence,
        exchangeIds,
        fact,
        validFrom,
        metadata,
        correction,
        newExtractor,
        newVersion,
        quarantine);
  }
}
