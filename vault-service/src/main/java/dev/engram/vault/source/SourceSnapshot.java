package dev.engram.vault.source;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;

/**
 * What a source said about its snapshot.
 *
 * @param position where the snapshot stands (capture: its outbox position); null when none
 * @param embeddingModel the model of exported vectors (recall); null otherwise
 * @param counts records per stream, as the trailer reported and the vault counted
 */
public record SourceSnapshot(
    String name,
    String service,
    String version,
    Instant takenAt,
    JsonNode position,
    String embeddingModel,
    Map<String, Long> counts) {}
