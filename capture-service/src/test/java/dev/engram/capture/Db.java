package dev.engram.capture;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.util.List;
import java.util.function.Supplier;

/** Reads the database directly, to check what a request really stored (or did not). */
public final class Db {

  private Db() {}

  public static <T> T read(Supplier<Uni<T>> query) {
    try {
      return VertxContextSupport.subscribeAndAwait(() -> Panache.withSession(query::get));
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** The result of a native SQL query returning one number. */
  public static long count(String sql, Object... params) {
    return read(
        () ->
            Panache.getSession()
                .chain(
                    s -> {
                      var q = s.createNativeQuery(sql, Long.class);
                      for (int i = 0; i < params.length; i++) {
                        q.setParameter(i + 1, params[i]);
                      }
                      return q.getSingleResult();
                    }));
  }

  /** Runs a native SQL statement (DDL or DML) in its own transaction. */
  public static void execute(String sql) {
    try {
      VertxContextSupport.subscribeAndAwait(
          () ->
              Panache.withTransaction(
                  () -> Panache.getSession().chain(s -> s.createNativeQuery(sql).executeUpdate())));
    } catch (Throwable e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rows of a native SQL query. */
  public static List<Object[]> rows(String sql, Object... params) {
    return read(
        () ->
            Panache.getSession()
                .chain(
                    s -> {
                      var q = s.createNativeQuery(sql, Object[].class);
                      for (int i = 0; i < params.length; i++) {
                        q.setParameter(i + 1, params[i]);
                      }
                      return q.getResultList();
                    }));
  }
}
