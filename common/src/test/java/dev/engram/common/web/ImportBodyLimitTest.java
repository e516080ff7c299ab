package dev.engram.common.web;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.vertx.http.runtime.filters.Filter;
import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.ext.web.Router;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse.BodyHandlers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The filter on a real Vert.x router, routed as Quarkus routes filters (order = -priority), behind
 * a stand-in for Quarkus's body-size handler (order -2), which stores the streamed-body limit. The
 * endpoint answers with the limit its request stream would read ("null": none).
 */
class ImportBodyLimitTest {

  private static final long LIMIT = 1024;

  private static Vertx vertx;
  private static HttpServer server;
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  @BeforeAll
  static void start() throws Exception {
    vertx = Vertx.vertx();
    Router router = Router.router(vertx);
    router
        .route()
        .order(-2)
        .handler(
            rc -> {
              rc.put(ImportBodyLimit.STREAM_LIMIT, LIMIT);
              rc.next();
            });
    Filters filters = new Filters();
    new ImportBodyLimit().register(filters);
    for (Filter filter : filters.getFilters()) {
      router.route().order(-filter.getPriority()).handler(filter.getHandler());
    }
    router
        .route()
        .handler(
            rc -> rc.response().end(String.valueOf((Object) rc.get(ImportBodyLimit.STREAM_LIMIT))));
    server =
        vertx
            .createHttpServer()
            .requestHandler(router)
            .listen(0)
            .toCompletionStage()
            .toCompletableFuture()
            .get(10, SECONDS);
  }

  @AfterAll
  static void stop() throws Exception {
    vertx.close().toCompletionStage().toCompletableFuture().get(10, SECONDS);
  }

  @Test
  void aPostedImportStreamsWithoutTheLimit() throws Exception {
    assertEquals("null", limitSeen("POST", "/internal/v1/import"));
  }

  @Test
  void otherMethodsOnTheImportPathKeepTheLimit() throws Exception {
    assertEquals("1024", limitSeen("PUT", "/internal/v1/import"));
    assertEquals("1024", limitSeen("GET", "/internal/v1/import"));
  }

  @Test
  void otherPathsKeepTheLimitEvenWhenTheyEndLikeTheImport() throws Exception {
    assertEquals("1024", limitSeen("POST", "/v1/import"));
    assertEquals("1024", limitSeen("POST", "/public/internal/v1/import"));
    assertEquals("1024", limitSeen("POST", "/internal/v1/import/more"));
    assertEquals("1024", limitSeen("POST", "/internal/v1/memories"));
  }

  private static String limitSeen(String method, String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + server.actualPort() + path))
            .method(method, BodyPublishers.ofString("{}"))
            .build();
    return CLIENT.send(request, BodyHandlers.ofString()).body();
  }
}
