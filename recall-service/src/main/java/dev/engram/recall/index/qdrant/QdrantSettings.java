package dev.engram.recall.index.qdrant;

import java.time.Duration;
import java.util.Optional;

/** Where the Qdrant server is and how the adapter uses it (from {@code engram.recall.qdrant.*}). */
public record QdrantSettings(
    String host,
    int port,
    boolean tls,
    Optional<String> apiKey,
    String collection,
    Duration timeout,
    int batchSize,
    double bm25AverageLength) {}
