package dev.engram.capture.usage;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;

/** The SQL over the usage columns of {@code memories}, through the plain SQL client. */
@ApplicationScoped
class UsageQueries {

  private static final String ADD =
      """
      update memories m
         set times_surfaced = m.times_surfaced + u.times,
             last_surfaced = greatest(m.last_surfaced, u.last_surfaced),
             last_used = greatest(m.last_used, u.last_used)
        from unnest($1::text[], $2::bigint[], $3::bigint[], $4::timestamptz[], $5::timestamptz[])
             as u(tenant, id, times, last_surfaced, last_used)
       where m.tenant = u.tenant and m.id = u.id""";

  private final Pool pool;

  UsageQueries(Pool pool) {
    this.pool = pool;
  }

  /** Adds the items to their memories in one statement; answers how many rows changed. */
  Uni<Integer> addSurfaced(List<SurfacedRequest.Item> items) {
    int n = items.size();
    String[] tenants = new String[n];
    Long[] ids = new Long[n];
    Long[] times = new Long[n];
    OffsetDateTime[] surfaced = new OffsetDateTime[n];
    OffsetDateTime[] used = new OffsetDateTime[n];
    for (int i = 0; i < n; i++) {
      SurfacedRequest.Item item = items.get(i);
      tenants[i] = item.tenant();
      ids[i] = item.id();
      times[i] = item.times().longValue();
      surfaced[i] = item.lastSurfaced().atOffset(ZoneOffset.UTC);
      used[i] = item.lastUsed() == null ? null : item.lastUsed().atOffset(ZoneOffset.UTC);
    }
    return pool.preparedQuery(ADD)
        .execute(Tuple.of(tenants, ids, times, surfaced, used))
        .map(rows -> rows.rowCount());
  }
}
