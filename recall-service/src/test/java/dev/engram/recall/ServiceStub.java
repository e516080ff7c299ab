package dev.engram.recall;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * Stands in for another Engram service's internal endpoint in recall-service's own tests (the real
 * ones are exercised end to end by the lead): records what it receives, answers with a JSON body
 * the test chooses, or is down (503) or slow, as the real service could be.
 */
public final class ServiceStub implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One request as received: body (POST) or query string (GET), and its Authorization header. */
  public record Received(JsonNode body, String query, String authorization) {}

  private final HttpServer server;
  private final String emptyAnswer;
  private final List<Received> received = new CopyOnWriteArrayList<>();
  private volatile Function<Received, String> answer;
  private volatile int status = 200;
  private volatile long delayMillis;

  public ServiceStub(String path, String emptyAnswer) throws IOException {
    this.emptyAnswer = emptyAnswer;
    this.answer = r -> emptyAnswer;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext(path, this::handle);
    server.start();
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] in = exchange.getRequestBody().readAllBytes();
    URI uri = exchange.getRequestURI();
    Received r =
        new Received(
            in.length == 0 ? null : JSON.readTree(in),
            uri.getRawQuery(),
            exchange.getRequestHeaders().getFirst("Authorization"));
    received.add(r);
    if (delayMillis > 0) {
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    int code = status;
    String body = code == 200 ? answer.apply(r) : "{\"status\":" + code + "}";
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().add("Content-Type", "application/json");
    exchange.sendResponseHeaders(code, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    } catch (IOException e) {
      // the client gave up waiting (a slow-stub test); nothing to do
    }
  }

  public String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  public List<Received> received() {
    return received;
  }

  /** Answers 200 with what {@code answer} makes of each request. */
  public void answer(Function<Received, String> answer) {
    this.answer = answer;
  }

  /** Answers every request with this status (non-200: a problem body). */
  public void status(int status) {
    this.status = status;
  }

  /** Waits this long before answering. */
  public void delay(long millis) {
    this.delayMillis = millis;
  }

  public void reset() {
    received.clear();
    answer = r -> emptyAnswer;
    status = 200;
    delayMillis = 0;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
