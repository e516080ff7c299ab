package dev.engram.recall.backup;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import dev.engram.recall.index.DocKind;
import dev.engram.recall.index.IndexDocument;
import dev.engram.recall.index.Scope;
import dev.engram.recall.index.Status;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A record of the {@code vectors} stream: the indexed document as the index API receives it (the
 * same fields and limits) plus its unit vector, so a restore rebuilds a searchable document without
 * embedding anything. Unknown fields are ignored (a newer service may add some).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record VectorRecord(
    @NotNull @Pattern(regexp = NAME) String tenant,
    @NotNull DocKind kind,
    @NotNull Long id,
    @NotNull @PositiveOrZero Long version,
    @Size(min = 1, max = 256) String agent,
    @Size(min = 1, max = 256) String chat,
    @Size(min = 1, max = 256) String thread,
    @Size(min = 1, max = 256) String session,
    @NotNull Scope scope,
    @Size(min = 1, max = 64) String category,
    @NotNull Status status,
    @Size(min = 1, max = 256) String speaker,
    @Size(min = 1, max = 64) String role,
    @NotBlank String text,
    @DecimalMin("0") @DecimalMax("1") Double confidence,
    @NotNull Instant createdAt,
    Instant expiresAt,
    Instant archivedAt,
    Instant supersededAt,
    @Size(min = 1, max = 64) String source,
    @Size(max = 1000) List<@NotNull Long> sourceExchangeIds,
    @Size(max = 64)
        Map<@NotNull @Size(max = 128) String, @NotNull @Size(max = 1024) String> metadata,
    @NotNull float[] vector) {

  static final String NAME = "[A-Za-z0-9._-]{1,64}";

  static VectorRecord of(IndexDocument d, float[] vector) {
    return new VectorRecord(
        d.tenant(),
        d.kind(),
        d.id(),
        d.version(),
        d.agent(),
        d.chat(),
        d.thread(),
        d.session(),
        d.scope(),
        d.category(),
        d.status(),
        d.speaker(),
        d.role(),
        d.text(),
        d.confidence(),
        d.createdAt(),
        d.expiresAt(),
        d.archivedAt(),
        d.supersededAt(),
        d.source(),
        d.sourceExchangeIds(),
        d.metadata(),
        vector);
  }

  IndexDocument document() {
    return new IndexDocument(
        tenant,
        kind,
        id,
        version,
        agent,
        chat,
        thread,
        session,
        scope,
        category,
        status,
        speaker,
        role,
        text,
        confidence,
        createdAt,
        expiresAt,
        archivedAt,
        supersededAt,
        source,
        sourceExchangeIds,
        metadata);
  }
}
