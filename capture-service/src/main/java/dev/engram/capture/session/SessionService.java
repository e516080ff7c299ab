package dev.engram.capture.session;

import dev.engram.capture.CaptureError;
import dev.engram.capture.exchange.ExchangeRepository;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.capture.paging.Cursors;
import dev.engram.capture.reflector.Reflector;
import dev.engram.capture.reflector.ReflectorRun;
import dev.engram.capture.slot.SlotAddress;
import dev.engram.capture.slot.SlotOwner;
import dev.engram.capture.slot.SlotService;
import dev.engram.capture.slot.SlotView;
import dev.engram.common.auth.Caller;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;

/**
 * Sessions: recorded at start (or at their first end or checkpoint); at the end the handoff, the
 * summary for the day view and a Reflector run on the chat; checkpoints before a gateway compacts
 * its context. The session's turns are the exchanges that name it.
 */
@ApplicationScoped
class SessionService {

  /** Turns of a session read for a handoff, summary or checkpoint (the newest). */
  private static final int MAX_TURNS = 200;

  private static final SecureRandom RANDOM = new SecureRandom();

  private final SessionRepository sessions;
  private final ExchangeRepository exchanges;
  private final SessionDigests digests;
  private final SessionNotes notes;
  private final SlotService slots;
  private final PoisoningGate gate;
  private final Reflector reflector;

  SessionService(
      SessionRepository sessions,
      ExchangeRepository exchanges,
      SessionDigests digests,
      SessionNotes notes,
      SlotService slots,
      PoisoningGate gate,
      Reflector reflector) {
    this.sessions = sessions;
    this.exchanges = exchanges;
    this.digests = digests;
    this.notes = notes;
    this.slots = slots;
    this.gate = gate;
    this.reflector = reflector;
  }

  /** A recorded session, and whether this request recorded it. */
  record Recorded(SessionView session, boolean created) {}

  Uni<Recorded> start(Caller caller, SessionRequests.Start body) {
    String id =
        body.session() == null ? "s-" + HexFormat.of().formatHex(randomBytes()) : body.session();
    return Panache.withTransaction(
        () ->
            record(
                    caller,
                    body.agent(),
                    id,
                    body.chat(),
                    body.thread(),
                    Instant.now().truncatedTo(ChronoUnit.MICROS))
                .map(r -> new Recorded(SessionView.of(r.row()), r.created())));
  }

  /** A page of the tenant's sessions, newest first (keyset by row id, stable under inserts). */
  @WithSession
  Uni<SessionRequests.Page> list(
      Caller caller, String agent, String chat, Long beforeId, int limit) {
    return sessions
        .page(caller.tenant(), agent, chat, beforeId, limit)
        .map(
            rows ->
                new SessionRequests.Page(
                    rows.stream().map(SessionView::of).toList(),
                    Cursors.next(rows, limit, s -> s.id)));
  }

  @WithSession
  Uni<SessionView> get(Caller caller, String agent, String id) {
    return sessions
        .of(caller.tenant(), agent, id)
        .onItem()
        .ifNull()
        .failWith(
            () ->
                new EngramException(
                    CaptureError.SESSION_NOT_FOUND, "No session " + id + " of agent " + agent))
        .map(SessionView::of);
  }

  /**
   * Ends a session: its handoff (thread slot, else chat slot), its summary and end time, then —
   * after the commit, without waiting — a Reflector run on its chat.
   */
  Uni<SessionRequests.Ended> end(Caller caller, String id, SessionRequests.End body) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    return Panache.<Ending>withTransaction(
            () ->
                record(caller, body.agent(), id, body.chat(), body.thread(), now)
                    .chain(recorded -> end(caller, recorded.row(), body.summary(), now)))
        .map(
            ending -> {
              AgentSession s = ending.session();
              boolean started =
                  s.chat != null
                      && reflector.startChat(
                          ReflectorRun.Trigger.SESSION_END, caller.tenant(), s.agent, s.chat);
              return new SessionRequests.Ended(
                  SessionView.of(s), ending.handoff(), started ? "started" : "skipped");
            });
  }

  private record Ending(AgentSession session, SlotView handoff) {}

  private Uni<Ending> end(Caller caller, AgentSession s, String summary, Instant now) {
    return exchanges
        .latestInSession(caller.tenant(), s.agent, s.session, MAX_TURNS)
        .chain(
            turns -> {
              if (s.chat == null && !turns.isEmpty()) {
                // never told its chat: the chat its turns were said in (for the day view and the
                // Reflector run)
                s.chat = turns.getFirst().chat;
              }
              if (s.thread == null && s.chat == null) {
                throw EngramException.invalid(
                    "thread", "NotNull", "give thread or chat: the session has neither yet");
              }
              return sessions
                  .checkpointCommitments(caller.tenant(), s.agent, s.session)
                  .chain(
                      given -> digests.of(caller.tenant(), s.agent, s.session, turns, given, now));
            })
        .chain(
            digest -> {
              if (summary != null && !summary.isBlank()) {
                s.summary = summary.strip();
                s.summaryQuarantine = gate.check("session", s.summary).orElse(null);
              } else if (s.summary == null) {
                s.summary = SessionNotes.summary(digest);
              }
              if (s.endedAt == null) {
                s.endedAt = now;
              }
              SlotAddress at =
                  s.thread != null
                      ? SlotAddress.of(s.agent, SlotOwner.THREAD, s.thread, SessionNotes.HANDOFF)
                      : SlotAddress.of(s.agent, SlotOwner.CHAT, s.chat, SessionNotes.HANDOFF);
              String owner = s.thread != null ? "thread " + s.thread : "chat " + s.chat;
              return slots.write(caller, at, notes.handoff(owner, s.session, now, digest), null);
            })
        .chain(view -> Panache.flush().map(ignored -> new Ending(s, view)));
  }

  /**
   * Takes a checkpoint: a row, and the {@code checkpoint} slot of the thread, else the chat, else
   * the session, saying what was going on.
   */
  Uni<SessionRequests.Checkpointed> checkpoint(
      Caller caller, String id, SessionRequests.Checkpoint body) {
    Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    String tenant = caller.tenant();
    return Panache.withTransaction(
        () ->
            record(caller, body.agent(), id, body.chat(), body.thread(), now)
                .chain(
                    recorded ->
                        sessions
                            .lastCheckpointAt(tenant, body.agent(), id)
                            .chain(
                                since ->
                                    exchanges.latestInSessionSince(
                                        tenant, body.agent(), id, since, MAX_TURNS))
                            .chain(
                                turns ->
                                    digests.of(
                                        tenant, body.agent(), id, turns, body.commitments(), now))
                            .chain(
                                digest -> checkpoint(caller, recorded.row(), body, digest, now))));
  }

  private Uni<SessionRequests.Checkpointed> checkpoint(
      Caller caller,
      AgentSession s,
      SessionRequests.Checkpoint body,
      SessionDigest digest,
      Instant now) {
    SessionCheckpoint c = new SessionCheckpoint();
    c.tenant = caller.tenant();
    c.agent = s.agent;
    c.session = s.session;
    c.chat = s.chat;
    c.thread = s.thread;
    c.summary = body.summary();
    c.commitments =
        body.commitments() == null ? new String[0] : body.commitments().toArray(String[]::new);
    c.content = notes.checkpoint(s.session, now, digest, body.summary());
    c.createdAt = now;
    s.checkpoints++;
    SlotAddress at =
        s.thread != null
            ? SlotAddress.of(s.agent, SlotOwner.THREAD, s.thread, SessionNotes.CHECKPOINT)
            : s.chat != null
                ? SlotAddress.of(s.agent, SlotOwner.CHAT, s.chat, SessionNotes.CHECKPOINT)
                : SlotAddress.of(s.agent, SlotOwner.SESSION, s.session, SessionNotes.CHECKPOINT);
    return c.persist()
        .chain(() -> slots.write(caller, at, c.content, null))
        .map(
            slot ->
                new SessionRequests.Checkpointed(
                    new SessionRequests.Checkpointed.Taken(c.id, c.session, c.createdAt), slot));
  }

  private record Row(AgentSession row, boolean created) {}

  /**
   * The session, recorded now if it is not yet. A chat or thread it was recorded without is filled
   * in; one that differs from the recorded one is a conflict (409), nothing stored.
   */
  private Uni<Row> record(
      Caller caller, String agent, String id, String chat, String thread, Instant now) {
    String tenant = caller.tenant();
    return sessions
        .recordIfAbsent(tenant, agent, id, chat, thread, now)
        .chain(
            created ->
                sessions
                    .of(tenant, agent, id)
                    .map(
                        s -> {
                          s.chat = resolve("chat", s, s.chat, chat);
                          s.thread = resolve("thread", s, s.thread, thread);
                          return new Row(s, created);
                        }));
  }

  private static String resolve(String field, AgentSession s, String recorded, String given) {
    if (given == null || given.equals(recorded)) {
      return recorded;
    }
    if (recorded == null) {
      return given;
    }
    throw new EngramException(
        CaptureError.SESSION_CONFLICT,
        "Session " + s.session + " is recorded with " + field + " " + recorded + ", not " + given,
        List.of(),
        java.util.Map.of("field", field));
  }

  private static byte[] randomBytes() {
    byte[] bytes = new byte[8];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
