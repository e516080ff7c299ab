package dev.engram.capture.slot;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
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

  /** The ACTIVE slots of the agent itself, and of the session and thread when given. */
  Uni<List<Slot>> forContext(String tenant, String agent, String session, String thread) {
    StringBuilder where =
        new StringBuilder(
            "tenant = :tenant and agent = :agent and status = :active and ((ownerType = :agentOwner"
                + " and ownerId = :agent)");
    Parameters params =
        Parameters.with("tenant", tenant)
            .and("agent", agent)
            .and("active", SlotStatus.ACTIVE)
            .and("agentOwner", SlotOwner.AGENT);
    if (session != null && !session.isBlank()) {
      where.append(" or (ownerType = :sessionOwner and ownerId = :session)");
      params.and("sessionOwner", SlotOwner.SESSION).and("session", session);
    }
    if (thread != null && !thread.isBlank()) {
      where.append(" or (ownerType = :threadOwner and ownerId = :thread)");
      params.and("threadOwner", SlotOwner.THREAD).and("thread", thread);
    }
    where.append(")");
    return find(where.toString(), Sort.by("ownerType").and("name"), params).list();
  }
}
