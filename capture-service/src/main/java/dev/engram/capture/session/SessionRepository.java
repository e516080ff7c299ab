package dev.engram.capture.session;

import dev.engram.capture.db.Where;
import dev.engram.capture.exchange.SessionLog;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * The queries over {@code sessions} and {@code session_checkpoints}; the day view's session log.
 */
@ApplicationScoped
class SessionRepository implements PanacheRepositoryBase<AgentSession, Long>, SessionLog {

  /** The session of the agent, or null. */
  Uni<AgentSession> of(String tenant, String agent, String session) {
    return find("tenant = ?1 and agent = ?2 and session = ?3", tenant, agent, session)
        .firstResult();
  }

  /** A page of a listing, newest first; agent and chat only when given. */
  Uni<List<AgentSession>> page(String tenant, String agent, String chat, Long beforeId, int limit) {
    Where where =
        Where.of("tenant = :tenant", "tenant", tenant)
            .equal("agent", agent)
            .equal("chat", chat)
            .andIf(beforeId, "id < :beforeId", "beforeId");
    return find(where.clause(), Sort.descending("id"), where.params()).page(0, limit).list();
  }

  /**
   * Records the session unless it is recorded already (two concurrent starts of one id record it
   * once: the unique key decides, no transaction fails); true if this call recorded it.
   */
  Uni<Boolean> recordIfAbsent(
      String tenant, String agent, String session, String chat, String thread, Instant now) {
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "insert into sessions (tenant, agent, session, chat, thread, started_at)"
                            + " values (?1, ?2, ?3, ?4, ?5, ?6)"
                            + " on conflict (tenant, agent, session) do nothing")
                    .setParameter(1, tenant)
                    .setParameter(2, agent)
                    .setParameter(3, session)
                    .setParameter(4, chat)
                    .setParameter(5, thread)
                    .setParameter(6, now)
                    .executeUpdate())
        .map(rows -> rows == 1);
  }

  /**
   * The commitments the session's checkpoints recorded, oldest first, once each: the handoff keeps
   * them, so ending a session never drops what a checkpoint said was still open.
   */
  Uni<List<String>> checkpointCommitments(String tenant, String agent, String session) {
    return SessionCheckpoint.<SessionCheckpoint>find(
            "tenant = ?1 and agent = ?2 and session = ?3",
            Sort.ascending("createdAt").and("id"),
            tenant,
            agent,
            session)
        .list()
        .map(
            rows ->
                rows.stream()
                    .filter(c -> c.commitments != null)
                    .flatMap(c -> java.util.Arrays.stream(c.commitments))
                    .distinct()
                    .toList());
  }

  /** When the session's latest checkpoint was taken, or null. */
  Uni<Instant> lastCheckpointAt(String tenant, String agent, String session) {
    return SessionCheckpoint.find(
            "tenant = ?1 and agent = ?2 and session = ?3",
            Sort.descending("createdAt").and("id", Sort.Direction.Descending),
            tenant,
            agent,
            session)
        .<SessionCheckpoint>firstResult()
        .map(c -> c == null ? null : c.createdAt);
  }

  @Override
  public Uni<List<Ended>> endedBetween(
      String tenant, String agent, String chat, Instant from, Instant to) {
    return find(
            "tenant = ?1 and agent = ?2 and chat = ?3 and endedAt >= ?4 and endedAt < ?5",
            Sort.ascending("endedAt").and("id"),
            tenant,
            agent,
            chat,
            from,
            to)
        .list()
        .map(
            rows ->
                rows.stream()
                    .map(
                        s ->
                            new Ended(
                                s.session,
                                s.thread,
                                s.startedAt,
                                s.endedAt,
                                s.summary,
                                s.summaryQuarantine != null))
                    .toList());
  }
}
