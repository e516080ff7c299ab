package dev.engram.capture.slot;

import dev.engram.common.Sha256;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;

/** The queries over {@code slots}. */
@ApplicationScoped
public class SlotRepository implements PanacheRepositoryBase<Slot, Long> {

  /** The slot at this address, or null. */
  Uni<Slot> at(String tenant, SlotAddress at) {
    return find(
            "tenant = ?1 and agent = ?2 and ownerType = ?3 and ownerId = ?4 and name = ?5",
            tenant,
            at.agent(),
            at.ownerType(),
            at.ownerId(),
            at.name())
        .firstResult();
  }

  /**
   * Takes the transaction-scoped advisory lock of this address, so writers of one slot run one
   * after the other: concurrent first writes cannot both insert (unique violation), and a write
   * without {@code expected_version} never meets a version the others changed under it.
   */
  Uni<Void> lock(String tenant, SlotAddress at) {
    long key = Long.parseUnsignedLong(Sha256.hex("slot\u0000" + tenant + '\u0000' + at), 0, 16, 16);
    return getSession()
        .chain(
            s ->
                s.createNativeQuery(
                        "select count(*) from (select pg_advisory_xact_lock(?1)) locked",
                        Long.class)
                    .setParameter(1, key)
                    .getSingleResult())
        .replaceWithVoid();
  }

  /** Every slot of one owner, by name. */
  Uni<List<Slot>> ownedBy(String tenant, SlotAddress owner) {
    return find(
            "tenant = ?1 and agent = ?2 and ownerType = ?3 and ownerId = ?4",
            Sort.ascending("name"),
            tenant,
            owner.agent(),
            owner.ownerType(),
            owner.ownerId())
        .list();
  }

  /**
   * The ACTIVE slots of the tenant and of the agent itself, and of the chat, session and thread
   * when given: widest owner first (the order of {@link SlotOwner}), then by name.
   */
  Uni<List<Slot>> forContext(
      String tenant, String agent, String chat, String session, String thread) {
    StringBuilder where =
        new StringBuilder(
            "tenant = :tenant and status = :active and ((ownerType = :tenantOwner and ownerId ="
                + " :tenant) or (agent = :agent and ((ownerType = :agentOwner and ownerId ="
                + " :agent)");
    Parameters params =
        Parameters.with("tenant", tenant)
            .and("agent", agent)
            .and("active", SlotStatus.ACTIVE)
            .and("tenantOwner", SlotOwner.TENANT)
            .and("agentOwner", SlotOwner.AGENT);
    owned(where, params, SlotOwner.CHAT, "chat", chat);
    owned(where, params, SlotOwner.SESSION, "session", session);
    owned(where, params, SlotOwner.THREAD, "thread", thread);
    where.append(")))");
    return find(where.toString(), params)
        .list()
        .map(
            rows ->
                rows.stream()
                    .sorted(
                        Comparator.comparing((Slot s) -> s.ownerType).thenComparing(s -> s.name))
                    .toList());
  }

  private static void owned(
      StringBuilder where, Parameters params, SlotOwner owner, String key, String id) {
    if (id != null && !id.isBlank()) {
      where.append(" or (ownerType = :").append(key).append("Owner and ownerId = :").append(key);
      where.append(")");
      params.and(key + "Owner", owner).and(key, id);
    }
  }
}
