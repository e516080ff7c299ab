package dev.engram.capture.slot;

import com.knuddels.jtokkit.api.Encoding;
import dev.engram.capture.CaptureError;
import dev.engram.capture.audit.AuditLog;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.Tokens;
import dev.engram.capture.gate.PoisoningGate;
import dev.engram.common.Sha256;
import dev.engram.common.auth.Caller;
import dev.engram.common.auth.Roles;
import dev.engram.common.error.EngramException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Slots: overwrite with an optional version check, capped in BPE tokens, audited; the tenant's
 * notes are written by admins only.
 */
@ApplicationScoped
public class SlotService {

  /** The agent's hot context slot, capped separately (default 1,000 tokens). */
  public static final String HOT_CONTEXT = "hot_context";

  private final int maxTokens;
  private final int maxContentBytes;
  private final Map<String, Integer> caps;
  private final Encoding encoding;
  private final AuditLog audit;
  private final PoisoningGate gate;
  private final SlotRepository slots;
  private final Vertx vertx;

  /** What a write costs to check, worked out before its transaction. */
  private record Checked(int tokens, String quarantine) {}

  SlotService(
      CaptureConfig config,
      AuditLog audit,
      PoisoningGate gate,
      Tokens tokens,
      SlotRepository slots,
      Vertx vertx) {
    this.slots = slots;
    this.vertx = vertx;
    this.maxTokens = config.slots().maxTokens();
    this.maxContentBytes = config.slots().maxContentBytes();
    Map<String, Integer> byName = new HashMap<>(config.slots().maxTokensByName());
    byName.putIfAbsent(HOT_CONTEXT, config.slots().hotContextMaxTokens());
    this.caps = Map.copyOf(byName);
    this.gate = gate;
    this.encoding = tokens.encoding();
    this.audit = audit;
  }

  /**
   * Writes a slot. {@code expectedVersion}: null overwrites whatever is there, 0 creates only, n
   * updates only if the slot is at version n. The content is measured before the transaction opens,
   * so no connection waits on the tokenizer.
   */
  Uni<SlotView> put(Caller caller, SlotAddress at, String content, Long expectedVersion) {
    requireWriteAllowed(caller, at);
    return check(at, content)
        .chain(
            checked ->
                Panache.withTransaction(
                    () -> store(caller, at, content, expectedVersion, checked)));
  }

  /** The token cap of a slot name. */
  public int cap(String name) {
    return caps.getOrDefault(name, maxTokens);
  }

  /** BPE tokens of a text, as the cap counts them. */
  public int tokens(String text) {
    return encoding.countTokensOrdinary(text);
  }

  /** Writes a slot inside the caller's transaction (see {@link #put}). */
  public Uni<SlotView> write(Caller caller, SlotAddress at, String content, Long expectedVersion) {
    return check(at, content)
        .chain(checked -> store(caller, at, content, expectedVersion, checked));
  }

  /**
   * Bounds the content in bytes before anything else, then counts its tokens and runs the gate on a
   * worker thread (up to a few hundred milliseconds for one long word: never on the event loop,
   * where it stalled every other request). Comes back on the caller's Vert.x context, which
   * Hibernate Reactive needs.
   */
  private Uni<Checked> check(SlotAddress at, String content) {
    requireSize(content);
    int cap = cap(at.name());
    return vertx.executeBlocking(
        Uni.createFrom()
            .item(
                () -> {
                  int tokens = encoding.countTokensOrdinary(content);
                  if (tokens > cap) {
                    throw new EngramException(
                        CaptureError.SLOT_TOO_LARGE,
                        "content is "
                            + tokens
                            + " tokens; the limit of "
                            + at.name()
                            + " is "
                            + cap,
                        List.of(),
                        Map.of("tokens", tokens, "max_tokens", cap));
                  }
                  return new Checked(tokens, gate.check("slot", content).orElse(null));
                }));
  }

  private void requireSize(String content) {
    // A char is at least one UTF-8 byte, so the length alone refuses most oversized texts.
    if (content.length() > maxContentBytes || utf8Bytes(content) > maxContentBytes) {
      throw EngramException.invalid(
          "content", "Size", "must be at most " + maxContentBytes + " bytes (UTF-8)");
    }
  }

  private static long utf8Bytes(String text) {
    long bytes = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      // A surrogate pair is 4 bytes: 2 for each half.
      bytes += c < 0x80 ? 1 : c < 0x800 || Character.isSurrogate(c) ? 2 : 3;
    }
    return bytes;
  }

  /** Stores a checked write, one writer of the address at a time (inside a transaction). */
  private Uni<SlotView> store(
      Caller caller, SlotAddress at, String content, Long expectedVersion, Checked checked) {
    int tokens = checked.tokens();
    String quarantine = checked.quarantine();
    Instant now = Instant.now();
    return slots
        .lock(caller.tenant(), at)
        .chain(() -> find(caller, at))
        .chain(
            existing -> {
              checkVersion(at, existing, expectedVersion);
              SlotView before = existing == null ? null : SlotView.of(existing);
              Slot slot = existing == null ? newSlot(caller, at, now) : existing;
              slot.content = content;
              slot.contentSha256 = Sha256.hex(content);
              slot.tokens = tokens;
              slot.updatedAt = now;
              slot.updatedBy = caller.keyId();
              slot.status = quarantine == null ? SlotStatus.ACTIVE : SlotStatus.QUARANTINED;
              slot.statusReason = quarantine;
              Uni<?> write = existing == null ? slot.persist() : Uni.createFrom().voidItem();
              return write
                  .chain(Panache::flush)
                  .map(ignored -> SlotView.of(slot))
                  .call(
                      after ->
                          audit.record(caller, "slot.put", "slot", at.toString(), before, after));
            });
  }

  @WithSession
  Uni<SlotView> get(Caller caller, SlotAddress at) {
    return find(caller, at)
        .onItem()
        .ifNull()
        .failWith(() -> new EngramException(CaptureError.SLOT_NOT_FOUND, "No slot " + at))
        .map(SlotView::of);
  }

  @WithSession
  Uni<List<SlotView>> list(Caller caller, SlotAddress owner) {
    return slots
        .ownedBy(caller.tenant(), owner)
        .map(rows -> rows.stream().map(SlotView::of).toList());
  }

  /** What context assembly reads (internal API; the caller is a service naming the tenant). */
  public Uni<ContextSlots> forContext(
      String tenant, String agent, String chat, String session, String thread) {
    return slots
        .forContext(tenant, agent, chat, session, thread)
        .map(rows -> new ContextSlots(rows.stream().map(ContextSlots.ContextSlot::of).toList()));
  }

  @WithTransaction
  Uni<Void> delete(Caller caller, SlotAddress at, Long expectedVersion) {
    requireWriteAllowed(caller, at);
    return slots
        .lock(caller.tenant(), at)
        .chain(() -> find(caller, at))
        .onItem()
        .ifNull()
        .failWith(() -> new EngramException(CaptureError.SLOT_NOT_FOUND, "No slot " + at))
        .chain(
            slot -> {
              checkVersion(at, slot, expectedVersion);
              SlotView before = SlotView.of(slot);
              return slot.delete()
                  .chain(
                      () ->
                          audit.record(caller, "slot.delete", "slot", at.toString(), before, null));
            });
  }

  /** A tenant's notes reach every agent of the tenant: only an admin key changes them. */
  private static void requireWriteAllowed(Caller caller, SlotAddress at) {
    if (at.ownerType() == SlotOwner.TENANT && !caller.has(Roles.ADMIN)) {
      throw new EngramException(
          CaptureError.TENANT_SLOT_NEEDS_ADMIN,
          "The tenant's notes are shown to every agent of the tenant; changing one needs an admin"
              + " key");
    }
  }

  private Uni<Slot> find(Caller caller, SlotAddress at) {
    return slots.at(caller.tenant(), at);
  }

  private static Slot newSlot(Caller caller, SlotAddress at, Instant now) {
    Slot slot = new Slot();
    slot.tenant = caller.tenant();
    slot.agent = at.agent();
    slot.ownerType = at.ownerType();
    slot.ownerId = at.ownerId();
    slot.name = at.name();
    slot.createdAt = now;
    return slot;
  }

  private static void checkVersion(SlotAddress at, Slot existing, Long expected) {
    if (expected == null) {
      return;
    }
    long current = existing == null ? 0 : existing.version;
    if (existing == null ? expected != 0 : expected != current) {
      String detail =
          existing == null
              ? "Slot " + at + " does not exist (expected_version " + expected + ")"
              : "Slot " + at + " is at version " + current + ", not " + expected;
      throw new EngramException(
          CaptureError.VERSION_CONFLICT, detail, List.of(), Map.of("current_version", current));
    }
  }
}
