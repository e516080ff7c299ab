package dev.engram.launcher;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A service's public API as the CLI sees it (vault, capture, recall), scripted per test: each
 * {@code "METHOD path"} answers its queued replies in order, the last one again and again. Requests
 * are recorded.
 */
final class FakeService implements AutoCloseable {

  /** One request as received ({@code query} null when there was none). */
  record Request(String method, String path, String authorization, String body, String query) {}

  private final HttpServer server;
  private final Map<String, Deque<String[]>> replies = new ConcurrentHashMap<>();
  final List<Request> requests = new CopyOnWriteArrayList<>();

  FakeService() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Queues replies to {@code "METHOD path"}. */
  FakeService on(String call, int status, String json) {
    replies
        .computeIfAbsent(call, k -> new ArrayDeque<>())
        .add(new String[] {Integer.toString(status), json});
    return this;
  }

  List<Request> requests(String method, String path) {
    return requests.stream()
        .filter(r -> r.method().equals(method) && r.path().equals(path))
        .toList();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String path = exchange.getRequestURI().getPath();
      requests.add(
          new Request(
              method,
              path,
              exchange.getRequestHeaders().getFirst("Authorization"),
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8),
              exchange.getRequestURI().getRawQuery()));
      Deque<String[]> queue = replies.get(method + " " + path);
      String[] reply;
      if (queue == null || queue.isEmpty()) {
        reply = new String[] {"404", "{\"code\":\"not_scripted\",\"detail\":\"" + path + "\"}"};
      } else {
        reply = queue.size() > 1 ? queue.poll() : queue.peek();
      }
      byte[] body = reply[1].getBytes(StandardCharsets.UTF_8);
      int status = Integer.parseInt(reply[0]);
      exchange
          .getResponseHeaders()
          .add("Content-Type", status / 100 == 2 ? "application/json" : "application/problem+json");
      exchange.sendResponseHeaders(status, body.length);
      exchange.getResponseBody().write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
