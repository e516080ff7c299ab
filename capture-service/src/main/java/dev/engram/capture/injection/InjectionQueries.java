package dev.engram.capture.injection;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** The SQL over {@code injection_records}, through the plain SQL client; every read by tenant. */
@ApplicationScoped
class InjectionQueries {

  private static final String COLUMNS =
      "id, agent, chat, thread, session_id, kind, created_at, query, budget_tokens, tokens,"
          + " selected, candidates, omitted, truncated";
  private static final String INSERT =
      "insert into injection_records (tenant, agent, chat, thread, session_id, kind, created_at,"
          + " query, budget_tokens, tokens, selected, candidates, omitted, truncated, body) values"
          + " ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::text::jsonb)";
  private static final String PAGE_OF_AGENT =
      "select "
          + COLUMNS
          + " from injection_records where tenant = $1 and agent = $2 and id < $3"
          + " order by id desc limit $4";
  private static final String PAGE_OF_CHAT =
      "select "
          + COLUMNS
          + " from injection_records where tenant = $1 and agent = $2 and chat = $5 and id < $3"
          + " order by id desc limit $4";
  private static final String ONE =
      "select "
          + COLUMNS
          + ", body::text as body from injection_records where tenant = $1 and id = $2";
  private static final String DELETE_ONE =
      "delete from injection_records where tenant = $1 and id = $2";
  private static final String DELETE_CHAT =
      "delete from injection_records where tenant = $1 and agent = $2 and chat = $3";
  private static final String DELETE_OLD = "delete from injection_records where created_at < $1";
  private static final String DELETE_OVER_LIMIT =
      """
      delete from injection_records r
       using (select id
                from (select id, row_number() over (partition by tenant order by id desc) as n
                        from injection_records
                       where tenant in (select tenant from injection_records
                                         group by tenant having count(*) > $1)) ranked
               where n > $1) old
       where r.id = old.id""";

  /** A record to insert: the row and its stored body. */
  record Insert(InjectionBatch.Item item, RecordCap.Capped body, String query) {}

  /** A stored record with its body. */
  record Opened(InjectionViews.Summary summary, String body) {}

  private final Pool pool;

  InjectionQueries(Pool pool) {
    this.pool = pool;
  }

  Uni<Integer> insert(List<Insert> rows) {
    List<Tuple> tuples = new ArrayList<>(rows.size());
    for (Insert row : rows) {
      InjectionBatch.Item i = row.item();
      tuples.add(
          Tuple.tuple()
              .addString(i.tenant())
              .addString(i.agent())
              .addString(i.chat())
              .addString(i.thread())
              .addString(i.sessionId())
              .addString(i.kind())
              .addOffsetDateTime(i.createdAt().atOffset(ZoneOffset.UTC))
              .addString(row.query())
              .addInteger(i.budgetTokens())
              .addInteger(i.tokens())
              .addInteger(i.selected())
              .addLong(i.candidates())
              .addLong(i.omitted())
              .addBoolean(row.body().truncated())
              .addString(row.body().json()));
    }
    return pool.preparedQuery(INSERT).executeBatch(tuples).map(ignored -> rows.size());
  }

  Uni<List<InjectionViews.Summary>> page(
      String tenant, String agent, String chat, Long before, int limit) {
    Tuple args = Tuple.of(tenant, agent, before == null ? Long.MAX_VALUE : before, limit);
    String sql = PAGE_OF_AGENT;
    if (chat != null) {
      args.addString(chat);
      sql = PAGE_OF_CHAT;
    }
    return pool.preparedQuery(sql)
        .execute(args)
        .map(
            rows -> {
              List<InjectionViews.Summary> page = new ArrayList<>();
              rows.forEach(row -> page.add(summary(row)));
              return page;
            });
  }

  /** The record, or null when the tenant has none with this id. */
  Uni<Opened> one(String tenant, long id) {
    return pool.preparedQuery(ONE)
        .execute(Tuple.of(tenant, id))
        .map(
            rows -> {
              var it = rows.iterator();
              if (!it.hasNext()) {
                return null;
              }
              Row row = it.next();
              return new Opened(summary(row), row.getString("body"));
            });
  }

  Uni<Integer> delete(String tenant, long id) {
    return pool.preparedQuery(DELETE_ONE).execute(Tuple.of(tenant, id)).map(RowSet::rowCount);
  }

  Uni<Integer> deleteChat(String tenant, String agent, String chat) {
    return pool.preparedQuery(DELETE_CHAT)
        .execute(Tuple.of(tenant, agent, chat))
        .map(RowSet::rowCount);
  }

  Uni<Integer> deleteOlderThan(Instant cutoff) {
    return pool.preparedQuery(DELETE_OLD)
        .execute(Tuple.of(cutoff.atOffset(ZoneOffset.UTC)))
        .map(RowSet::rowCount);
  }

  Uni<Integer> deleteOverLimit(int maxPerTenant) {
    return pool.preparedQuery(DELETE_OVER_LIMIT)
        .execute(Tuple.of((long) maxPerTenant))
        .map(RowSet::rowCount);
  }

  private static InjectionViews.Summary summary(Row row) {
    OffsetDateTime created = row.getOffsetDateTime("created_at");
    return new InjectionViews.Summary(
        row.getLong("id"),
        row.getString("agent"),
        row.getString("chat"),
        row.getString("thread"),
        row.getString("session_id"),
        row.getString("kind"),
        created.toInstant(),
        row.getString("query"),
        row.getInteger("budget_tokens"),
        row.getInteger("tokens"),
        row.getInteger("selected"),
        row.getLong("candidates"),
        row.getLong("omitted"),
        row.getBoolean("truncated"));
  }
}
