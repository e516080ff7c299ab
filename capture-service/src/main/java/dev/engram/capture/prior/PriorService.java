package dev.engram.capture.prior;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Nlp;
import dev.engram.capture.extract.Tokens;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryCategory;
import dev.engram.capture.memory.MemoryJournal;
import dev.engram.capture.memory.MemoryRepository;
import dev.engram.capture.memory.MemoryStatus;
import dev.engram.capture.memory.MemoryView;
import dev.engram.capture.memory.Provenance;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Imports a Markdown document as knowledge priors: GLOBAL memories with source {@code
 * knowledge_prior}, one per chunk. Idempotent by content hash: an unchanged chunk is left alone, a
 * new one inserted, and a chunk of the same file that is no longer in it is archived. Every chunk
 * passes the poisoning gate.
 */
@ApplicationScoped
public class PriorService {

  public static final String SOURCE = "knowledge_prior";

  private final PriorChunker chunker;
  private final PoisoningGate gate;
  private final MemoryJournal journal;
  private final MemoryRepository memories;

  PriorService(
      CaptureConfig config,
      Nlp nlp,
      PoisoningGate gate,
      MemoryJournal journal,
      Tokens tokens,
      MemoryRepository memories) {
    this.memories = memories;
    this.chunker = new PriorChunker(tokens.encoding(), nlp, config.priors().chunkTokens());
    this.gate = gate;
    this.journal = journal;
  }

  /** What an import did. */
  public record Imported(
      String name, int chunks, int inserted, int unchanged, int quarantined, int archived) {}

  @WithTransaction
  public Uni<Imported> importDocument(Caller actor, String name, String markdown) {
    List<PriorChunker.Chunk> chunks = chunker.chunk(markdown);
    Set<String> wanted = new HashSet<>();
    chunks.forEach(c -> wanted.add(Sha256.hex(c.text())));
    int[] counts = new int[3]; // inserted, unchanged, quarantined
    return memories
        .priorHashes(actor.tenant())
        .chain(
            known -> {
              Set<String> seen = new HashSet<>(known);
              return Multi.createFrom()
                  .iterable(chunks)
                  .onItem()
                  .transformToUniAndConcatenate(
                      chunk -> {
                        String sha = Sha256.hex(chunk.text());
                        if (!seen.add(sha)) {
                          counts[1]++;
                          return Uni.createFrom().voidItem();
                        }
                        Memory m = memory(actor, name, chunk, sha);
                        if (m.status == MemoryStatus.QUARANTINED) {
                          counts[2]++;
                        } else {
                          counts[0]++;
                        }
                        return m.persist().chain(() -> journal.created(actor, m)).replaceWithVoid();
                      })
                  .collect()
                  .last();
            })
        .chain(() -> archiveStale(actor, name, wanted))
        .map(
            archived ->
                new Imported(name, chunks.size(), counts[0], counts[1], counts[2], archived));
  }

  private Uni<Integer> archiveStale(Caller actor, String name, Set<String> wanted) {
    Instant now = Instant.now();
    return memories
        .activePriorsOf(actor.tenant(), name)
        .chain(
            rows ->
                Multi.createFrom()
                    .iterable(rows.stream().filter(m -> !wanted.contains(m.contentSha256)).toList())
                    .onItem()
                    .transformToUniAndConcatenate(
                        m -> {
                          MemoryView before = MemoryView.of(m);
                          m.status = MemoryStatus.ARCHIVED;
                          m.archivedAt = now;
                          m.updatedAt = now;
                          m.statusReason = "prior file " + name + " no longer contains it";
                          return journal.changed(actor, "memory.archive", before, m);
                        })
                    .collect()
                    .asList()
                    .map(List::size));
  }

  private Memory memory(Caller actor, String name, PriorChunker.Chunk chunk, String sha) {
    Instant now = Instant.now();
    Memory m =
        Memory.create(
            Memory.Place.global(actor.tenant()),
            MemoryCategory.KNOWLEDGE,
            chunk.text(),
            0.9,
            SOURCE,
            actor.keyId(),
            now);
    m.provenance =
        new Provenance(
            List.of(),
            "prior-chunker",
            "prior " + name + (chunk.section().isEmpty() ? "" : " › " + chunk.section()),
            "1");
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("prior_file", name);
    if (!chunk.section().isEmpty()) {
      meta.put(
          "prior_section",
          chunk.section().length() > 2000 ? chunk.section().substring(0, 2000) : chunk.section());
    }
    m.metadata = meta;
    gate.check("prior", chunk.text()).ifPresent(m::quarantine);
    return m;
  }
}
