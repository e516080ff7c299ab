package dev.engram.console.client;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The services' answers, as far as the pages show them (field names are snake_case on the wire).
 */
public final class Wire {

  private Wire() {}

  /** {@code GET /v1/keys/me}: who a key is. */
  public record Me(String keyId, String tenant, List<String> roles) {}

  /** A memory ({@code GET /v1/memories/{id}}). */
  public record Memory(
      long id,
      String agent,
      String chat,
      String thread,
      String session,
      String scope,
      String category,
      String text,
      double confidence,
      String source,
      Provenance provenance,
      Map<String, String> metadata,
      String status,
      String statusReason,
      Long supersedes,
      Long supersededBy,
      String expiresAt,
      String createdAt,
      String updatedAt,
      String mode,
      long timesSurfaced,
      String lastSurfaced,
      String lastUsed,
      boolean canonical,
      long version) {}

  /** Where a memory came from: source turns and the extractor, or a note. */
  public record Provenance(
      List<Long> exchangeIds, String extractor, String note, String extractorVersion) {}

  /** A page of memories; {@code nextCursor} is null on the last one. */
  public record MemoryPage(List<Memory> items, String nextCursor) {}

  /** One turn of a conversation ({@code GET /v1/exchanges/{id}}): a memory's source. */
  public record Turn(
      long id, String speaker, String role, String text, String occurredAt, String status) {}

  /** A new memory replacing an old one: its text, and why (kept in the audit). */
  public record Supersede(String text, String reason) {}

  /** A typed link between two memories. */
  public record Relation(long id, long fromMemory, long toMemory, String type, double weight) {}

  /** The relations from and to a memory. */
  public record Relations(List<Relation> items) {}

  /** One audit row. */
  public record AuditRow(
      long id,
      String actorKeyId,
      String operation,
      String targetType,
      String targetId,
      String at) {}

  /** A page of audit rows. */
  public record AuditPage(List<AuditRow> items, String nextCursor) {}

  /** What the poisoning gate held back, with its reason. */
  public record Quarantined(
      String type,
      long id,
      String agent,
      String chat,
      String text,
      String reason,
      String source,
      String createdAt) {}

  /** A page of quarantined items. */
  public record QuarantinePage(List<Quarantined> items, String nextCursor) {}

  /** A promotion proposal and its evidence. */
  public record Promotion(
      long id,
      String targetType,
      long targetId,
      String kind,
      String status,
      String text,
      double confidence,
      int days,
      int sessions,
      String firstSeen,
      String lastSeen,
      String decidedBy,
      String reason) {}

  /** A page of promotions. */
  public record PromotionPage(List<Promotion> items, String nextCursor) {}

  /** {@code GET /v1/stats}: one tenant at a glance. */
  public record Stats(
      String tenant,
      PoolCounts memories,
      Held exchanges,
      FactCounts facts,
      Held slots,
      ReflectorTotals reflector,
      Outbox outbox,
      Injections injections) {}

  /** The memory pool by status; low confidence counts ACTIVE memories only. */
  public record PoolCounts(
      long active, long archived, long superseded, long quarantined, long lowConfidence) {}

  /** A total and how many of it the poisoning gate holds. */
  public record Held(long total, long quarantined) {}

  /** Facts: current (ACTIVE, not invalidated), superseded, quarantined. */
  public record FactCounts(long current, long superseded, long quarantined) {}

  /** The Reflector's backlog and its totals over finished runs. */
  public record ReflectorTotals(
      long pendingExchanges,
      long runs,
      long exchangesRead,
      long extracted,
      long inserted,
      long touched,
      long superseded,
      long skipped,
      long quarantined,
      long archived,
      String lastRunFinishedAt,
      double exchangesPerSecond) {}

  /** The outbox backlog per projection. */
  public record Outbox(Backlog recall, Backlog graph) {}

  /** Events waiting, dead letters, and how old the oldest waiting one is. */
  public record Backlog(long pending, long dead, double lagSeconds) {}

  /** {@code GET /v1/stats}'s {@code injections}: what context answers selected over 24 h. */
  public record Injections(@JsonProperty("last_24h") Coverage last24h) {}

  /** Context answers recorded, items they selected and the candidates they chose from. */
  public record Coverage(long records, long selected, long candidates) {}

  /** One Reflector run ({@code GET /v1/reflector/runs}); updated = touched + superseded. */
  public record ReflectorRun(
      long id,
      String trigger,
      String status,
      String startedAt,
      String finishedAt,
      long exchangesRead,
      long extracted,
      long inserted,
      long touched,
      long superseded,
      long skipped,
      String error) {}

  /** A page of Reflector runs, newest first. */
  public record ReflectorRuns(List<ReflectorRun> items, String nextCursor) {}

  /** A service's {@code /q/health/ready}: UP or DOWN, and each check. */
  public record Readiness(String status, List<Check> checks) {}

  /** One readiness check. */
  public record Check(String name, String status) {}

  /** An entity of the graph ({@code e-…} id), the names it is known by, how often mentioned. */
  public record Entity(
      String id,
      String name,
      String type,
      List<String> aliases,
      String firstSeen,
      long mentionCount,
      Double centrality) {}

  /** An entity at one end of a fact. */
  public record EntityRef(String id, String name) {}

  /**
   * A fact with world time (valid from/to) and system time (recorded, invalidated); current while
   * not invalidated.
   */
  public record Fact(
      long id,
      EntityRef subject,
      String predicate,
      EntityRef object,
      String validFrom,
      String validTo,
      String recordedAt,
      String invalidatedAt,
      Long invalidatedBy,
      boolean current,
      double confidence,
      List<Long> sourceMemoryIds) {}

  /** {@code GET /v1/entities/{ref}}: an entity and its facts now, or as of a time. */
  public record EntityFacts(Entity entity, String asOf, List<Fact> facts) {}

  /** {@code GET /v1/entities/{ref}/timeline}: every fact, invalidated ones too, in valid time. */
  public record Timeline(Entity entity, List<Fact> facts) {}

  /** {@code GET /v1/centrality}: the most central entities first. */
  public record Ranking(List<Entity> entities) {}

  /** The body of {@code POST /v1/traverse}: one hop from one entity. */
  public record Traverse(List<String> entities, int maxDepth) {}

  /** A node a traversal reached: an entity, a memory or an exchange, and the link to its parent. */
  public record Node(
      String kind, String id, String label, int depth, double score, String parent, String edge) {}

  /** {@code POST /v1/traverse}: the nodes reached, the seed first. */
  public record Traversal(List<Node> nodes) {}

  /** Memory {@code from} contradicts memory {@code to}. */
  public record Contradiction(
      long relationId, double weight, String createdAt, MemoryRef from, MemoryRef to) {}

  /** A memory at one end of a contradiction. */
  public record MemoryRef(long id, String text, String createdAt, Double confidence) {}

  /** {@code GET /v1/contradictions}: between memories, and beliefs recorded as contradicted. */
  public record Contradictions(List<Contradiction> relations, List<Belief> beliefs) {}

  /** A belief: a statement with a truth value (strength, confidence) and its latest evidence. */
  public record Belief(
      String id,
      String statement,
      double strength,
      double confidence,
      long evidenceCount,
      boolean contradicted,
      String updatedAt,
      List<Evidence> evidence) {}

  /** One piece of evidence about a belief. */
  public record Evidence(
      double strength,
      double confidence,
      String rule,
      boolean contradicting,
      String source,
      String recordedAt) {}

  /** The body of {@code POST /v1/beliefs/evidence}: a person's verdict on a statement. */
  public record EvidenceAsk(String statement, double strength, double confidence, String source) {}

  /** A backup at vault's destination. */
  public record Backup(
      String id,
      long sizeBytes,
      String createdAt,
      boolean encrypted,
      Long records,
      Boolean verified,
      String verifiedAt,
      String keyId) {}

  /** {@code GET /v1/backups}: newest first. */
  public record BackupList(List<Backup> backups) {}

  /** A backup job: running, succeeded or failed, its phase and records exported so far. */
  public record BackupJob(
      String id,
      String backupId,
      String trigger,
      String state,
      String phase,
      long records,
      String startedAt,
      String finishedAt,
      JobProblem problem,
      Backup backup,
      List<String> deleted) {}

  /** Why a job failed: vault's problem code and detail. */
  public record JobProblem(String code, String detail) {}

  /** {@code POST /v1/backups/{id}/verify}: read end to end and it held. */
  public record Verification(String id, boolean verified, String verifiedAt, long records) {}

  /** {@code POST /v1/recall}: the fused hits, best first, and the signals that were skipped. */
  public record RecallAnswer(List<Hit> items, List<Skipped> skippedSignals, long tookMs) {}

  /** A signal left out of one recall, and why. */
  public record Skipped(String signal, String reason) {}

  /** One recalled memory or exchange with its fused score and the signals that found it. */
  public record Hit(
      String kind,
      long id,
      String agent,
      String chat,
      String category,
      String speaker,
      String text,
      String createdAt,
      double score,
      Map<String, Signal> signals) {

    /**
     * The signals that found it, best rank first: what {@code ./engram demo} prints as found by.
     */
    public List<FoundBy> foundBy() {
      if (signals == null) {
        return List.of();
      }
      return signals.entrySet().stream()
          .map(e -> new FoundBy(e.getKey(), e.getValue().rank(), e.getValue().score()))
          .sorted(Comparator.comparingInt(FoundBy::rank).thenComparing(FoundBy::signal))
          .toList();
    }
  }

  /** Rank (1 = best) and raw score of one signal. */
  public record Signal(int rank, double score) {}

  /** One signal's part in a hit, for the page. */
  public record FoundBy(String signal, int rank, double score) {}

  /** A note (capture's slot) of the tenant, an agent, a chat, a thread or a session. */
  public record Note(
      String agent,
      String ownerType,
      String ownerId,
      String name,
      String content,
      int tokens,
      long version,
      String createdAt,
      String updatedAt,
      String updatedBy,
      String status,
      String statusReason) {}

  /** One level's notes. */
  public record NoteList(List<Note> items) {}

  /**
   * The body of a note's {@code PUT}: {@code expectedVersion} 0 creates only, n overwrites only
   * version n (anything else is capture's 409).
   */
  public record PutNote(String content, long expectedVersion) {}

  /** A session of an agent ({@code GET /v1/sessions/{id}}): its summary once it ended. */
  public record Session(
      String session,
      String agent,
      String chat,
      String thread,
      String startedAt,
      String endedAt,
      String summary,
      int checkpoints) {}

  /** A page of sessions, newest first. */
  public record SessionPage(List<Session> items, String nextCursor) {}

  /**
   * The body of a memory's in-place edit ({@code PATCH /v1/memories/{id}}), checked against the
   * version the person saw.
   */
  public record MemoryEdit(String text, String category, Double confidence, long expectedVersion) {}

  /** What one {@code context} or {@code session_start} answer told an agent, in short. */
  public record InjectionSummary(
      long id,
      String agent,
      String chat,
      String thread,
      String sessionId,
      String kind,
      String createdAt,
      String query,
      int budgetTokens,
      int tokens,
      long selected,
      long candidates,
      long omitted,
      boolean truncated) {}

  /** A page of injection records, newest first. */
  public record InjectionPage(List<InjectionSummary> items, String nextCursor) {}

  /** One injection record in full: its sections with their items, and what was left out. */
  public record Injection(
      long id,
      String agent,
      String chat,
      String thread,
      String sessionId,
      String kind,
      String createdAt,
      String query,
      int budgetTokens,
      int tokens,
      long selected,
      long candidates,
      long omitted,
      boolean truncated,
      List<InjectionSection> sections,
      List<OmittedItem> omittedItems,
      List<SkippedSource> skippedSources) {}

  /** A section of what the agent was told, with the items it selected. */
  public record InjectionSection(String name, int tokens, List<InjectionItem> items) {}

  /**
   * An item the agent was told. {@code ref} and {@code signals} are read as they come (an object or
   * a text), so a change of their shape shows as text instead of failing the page.
   */
  public record InjectionItem(JsonNode ref, String text, Double score, JsonNode signals) {

    /** The item's reference for a person: {@code memory 41}, or the reference as given. */
    public String refLabel() {
      return Refs.label(ref);
    }

    /** The memory it is, when it is one: its page links from the record. */
    public Long memoryId() {
      return Refs.memoryId(ref);
    }

    /** The signals that found it, as one line ({@code semantic #1 (0.83), keyword #2 (3.5)}). */
    public String foundBy() {
      return Refs.signals(signals);
    }
  }

  /** An item left out, and why. */
  public record OmittedItem(JsonNode ref, String reason) {

    public String refLabel() {
      return Refs.label(ref);
    }

    public Long memoryId() {
      return Refs.memoryId(ref);
    }
  }

  /** A source the answer had to do without, and why. */
  public record SkippedSource(String source, String reason) {}
}
