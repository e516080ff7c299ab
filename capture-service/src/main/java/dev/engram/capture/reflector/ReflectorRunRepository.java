package dev.engram.capture.reflector;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.quarkus.panache.common.Sort;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The queries over {@code reflector_runs} that read run records back. */
@ApplicationScoped
class ReflectorRunRepository implements PanacheRepositoryBase<ReflectorRun, Long> {

  /** A tenant's runs below {@code before} (all when null), newest first. */
  Uni<List<ReflectorRun>> page(String tenant, Long before, int size) {
    return find(
            before == null ? "tenant = ?1" : "tenant = ?1 and id < ?2",
            Sort.descending("id"),
            before == null ? new Object[] {tenant} : new Object[] {tenant, before})
        .page(0, size)
        .list();
  }

  /** One run of the tenant, or null. */
  Uni<ReflectorRun> find(String tenant, long id) {
    return find("id = ?1 and tenant = ?2", id, tenant).firstResult();
  }
}
