package dev.engram.capture;

import dev.engram.capture.db.ConcurrentWrite;
import dev.engram.capture.db.DatabaseOutage;
import dev.engram.common.correlation.CorrelationId;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.ProblemMappers;
import io.smallrye.mutiny.CompositeException;
import io.vertx.core.VertxException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.pgclient.PgException;
import jakarta.persistence.OptimisticLockException;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.hibernate.HibernateException;
import org.hibernate.StaleStateException;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Database failures as clients should see them: a concurrent change is a 409 to retry, an
 * unreachable database a 503; never SQL or driver messages.
 */
class CaptureExceptionMappers {

  private static final Logger LOG = Logger.getLogger(CaptureExceptionMappers.class);

  @ServerExceptionMapper
  Response conflict(OptimisticLockException e, HttpServerRequest request) {
    return concurrent(request);
  }

  @ServerExceptionMapper
  Response conflict(StaleStateException e, HttpServerRequest request) {
    return concurrent(request);
  }

  @ServerExceptionMapper
  Response database(PgException e, HttpServerRequest request) {
    if (databaseDown(e)) {
      return unavailable(e, request);
    }
    if (ConcurrentWrite.causedBy(e)) {
      return concurrent(request);
    }
    LOG.errorf(e, "PostgreSQL refused a statement [%s]", CorrelationId.of(request));
    return ProblemMappers.render(
        request,
        CommonError.INTERNAL,
        "The record database refused the write; quote correlation id " + CorrelationId.of(request),
        List.of(),
        Map.of());
  }

  @ServerExceptionMapper
  Response unreachable(ConnectException e, HttpServerRequest request) {
    return unavailable(e, request);
  }

  /**
   * The driver's socket reset mid-transaction reaches here unwrapped; capture's request paths talk
   * to no other socket whose failure is not already handled (recall and graph calls are wrapped).
   */
  @ServerExceptionMapper
  Response reset(SocketException e, HttpServerRequest request) {
    return unavailable(e, request);
  }

  /** Hibernate and Mutiny wrap driver failures; an unreachable database is a 503 all the same. */
  @ServerExceptionMapper
  Response wrapped(HibernateException e, HttpServerRequest request) {
    return failure(e, request);
  }

  @ServerExceptionMapper
  Response wrapped(CompletionException e, HttpServerRequest request) {
    return failure(e, request);
  }

  /**
   * Mutiny reports a failed reactive transaction whose rollback failed too as a composite; without
   * this mapper it reached the generic 500 even when every cause said the connection was gone.
   */
  @ServerExceptionMapper
  Response wrapped(CompositeException e, HttpServerRequest request) {
    return failure(e, request);
  }

  @ServerExceptionMapper
  Response wrapped(VertxException e, HttpServerRequest request) {
    return failure(e, request);
  }

  /** A wrapped failure: the database gone, a write racing another one, or a bug. */
  private static Response failure(Throwable e, HttpServerRequest request) {
    if (databaseDown(e)) {
      return unavailable(e, request);
    }
    return ConcurrentWrite.causedBy(e) ? concurrent(request) : unexpected(e, request);
  }

  private static boolean databaseDown(Throwable e) {
    return DatabaseOutage.causedBy(e);
  }

  private static Response unavailable(Throwable e, HttpServerRequest request) {
    LOG.warnf("PostgreSQL unreachable [%s]: %s", CorrelationId.of(request), e.getMessage());
    return ProblemMappers.render(
        request,
        CaptureError.DATABASE_UNAVAILABLE,
        "The record database is unreachable; nothing was stored. Try again shortly.",
        List.of(),
        Map.of());
  }

  private static Response unexpected(Throwable e, HttpServerRequest request) {
    LOG.errorf(e, "Unexpected error [%s]", CorrelationId.of(request));
    return ProblemMappers.render(
        request,
        CommonError.INTERNAL,
        "An unexpected error occurred; quote correlation id "
            + CorrelationId.of(request)
            + " when reporting it",
        List.of(),
        Map.of());
  }

  private static Response concurrent(HttpServerRequest request) {
    return ProblemMappers.render(
        request,
        CaptureError.VERSION_CONFLICT,
        "Someone else changed this at the same time; read it again and retry",
        List.of(),
        Map.of());
  }
}
