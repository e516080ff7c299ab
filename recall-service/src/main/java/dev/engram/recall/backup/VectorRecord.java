package dev.engram.recall.backup;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.engram.contracts.index.IndexDocument;
import jakarta.validation.constraints.NotNull;

/**
 * A record of the {@code vectors} stream: the indexed document as the index API receives it (the
 * same contract, fields and limits) plus its unit vector, so a restore rebuilds a searchable
 * document without embedding anything. The document's fields sit beside {@code vector} in one JSON
 * object (docs/backup-format.md), hence unwrapped. Unknown fields are ignored (a newer service may
 * add some).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record VectorRecord(@JsonUnwrapped IndexDocument document, @NotNull float[] vector) {}
