package dev.engram.capture.memory;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Parameters;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;

/** The queries over {@code memories} that other packages share; the entity keeps its fields. */
@ApplicationScoped
public class MemoryRepository implements PanacheRepositoryBase<Memory, Long> {

  /** These memories, any tenant or status (callers already hold the ids of one tenant). */
  public Uni<List<Memory>> byIds(Collection<Long> ids) {
    return list("id in ?1", ids);
  }

  /** One memory of the tenant, or null. */
  public Uni<Memory> inTenant(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant).firstResult();
  }

  /** One memory of the tenant in this status, or null. */
  public Uni<Memory> inTenant(String tenant, long id, MemoryStatus status) {
    return find("id = ?1 and tenant = ?2 and status = ?3", id, tenant, status).firstResult();
  }

  /** The ACTIVE memories of the tenant among these ids, in no particular order. */
  public Uni<List<Memory>> activeAmong(String tenant, Collection<Long> ids) {
    return list("tenant = ?1 and status = ?2 and id in ?3", tenant, MemoryStatus.ACTIVE, ids);
  }

  /** An ACTIVE memory visible from (agent, chat) with exactly this text, most recently seen. */
  public Uni<Memory> activeWithText(String tenant, String agent, String chat, String sha) {
    Parameters params = visibleParams(tenant, agent, chat).and("sha", sha);
    return find(
            "tenant = :tenant and status = :status and contentSha256 = :sha" + visible(agent, chat),
            Sort.descending("lastSeenAt"),
            params)
        .firstResult();
  }

  /** The most recently seen ACTIVE memories visible from (agent, chat). */
  public Uni<List<Memory>> recentActive(String tenant, String agent, String chat, int limit) {
    return find(
            "tenant = :tenant and status = :status" + visible(agent, chat),
            Sort.descending("lastSeenAt"),
            visibleParams(tenant, agent, chat))
        .page(0, limit)
        .list();
  }

  private static Parameters visibleParams(String tenant, String agent, String chat) {
    Parameters p = Parameters.with("tenant", tenant).and("status", MemoryStatus.ACTIVE);
    if (agent != null) {
      p.and("agent", agent);
    }
    if (chat != null) {
      p.and("chat", chat);
    }
    return p;
  }

  /** The chat's memories and the agent's own (AGENT scope); without an agent, tenant-wide ones. */
  private static String visible(String agent, String chat) {
    if (agent == null) {
      return " and agent is null";
    }
    return chat == null
        ? " and agent = :agent and chat is null"
        : " and agent = :agent and (chat = :chat or chat is null)";
  }
}
