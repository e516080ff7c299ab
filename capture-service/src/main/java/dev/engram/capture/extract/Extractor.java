package dev.engram.capture.extract;

import io.smallrye.mutiny.Uni;
import java.util.List;

/** Finds what is worth remembering in a batch of one chat's exchanges (oldest first). */
public interface Extractor {

  /** Name recorded in each memory's provenance. */
  String name();

  /** Version recorded in each memory's provenance. */
  String version();

  Uni<Extraction> extract(List<Statement> statements);

  /** The findings, and how many sentences were read but yielded nothing (or were dropped). */
  record Extraction(List<Finding> findings, int skipped) {}
}
