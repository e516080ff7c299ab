package dev.engram.e2e;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A plain round-robin balancer with no affinity, as a Kubernetes Service spreads connections over
 * replicas, for one test: request i goes to backend i mod n, whatever its session. Index writes
 * ({@code /internal/v1/index/…}) and a restore's import ({@code /internal/v1/import}) go to every
 * backend, standing in for the one Qdrant collection the replicas of a cluster share (here each
 * recall process has its own Lucene index). Bodies are streamed both ways, so an event stream
 * passes through as it is written; when its client goes the upstream request is closed, and when
 * the upstream is cut off so is the client.
 */
final class RoundRobinProxy implements AutoCloseable {

  /** One request as the proxy passed it on. */
  record Routed(int backend, String method, String path, String session) {}

  private static final Set<String> HOP_BY_HOP =
      Set.of("connection", "content-length", "host", "transfer-encoding", "upgrade", "expect");

  /** Writes into the store the replicas share: index writes, and a restore's import. */
  private static final List<String> SHARED_WRITES =
      List.of("/internal/v1/index/", "/internal/v1/import");

  private final HttpServer server;
  private final ExecutorService threads = Executors.newCachedThreadPool();
  private final HttpClient client =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final AtomicLong next = new AtomicLong();
  private final List<Routed> routed = new CopyOnWriteArrayList<>();
  private volatile List<URI> backends = List.of();

  private final Set<Integer> drained = ConcurrentHashMap.newKeySet();

  RoundRobinProxy() throws IOException {
    this(InetAddress.getLoopbackAddress());
  }

  /** Listening on {@code address} (e.g. a podman network's gateway, for containers). */
  RoundRobinProxy(InetAddress address) throws IOException {
    server = HttpServer.create(new InetSocketAddress(address, 0), 64);
    server.createContext("/", this::handle);
    server.setExecutor(threads);
    server.start();
  }

  /** {@code http://<address>:<port>}. */
  String url() {
    return "http://"
        + server.getAddress().getAddress().getHostAddress()
        + ":"
        + server.getAddress().getPort();
  }

  /**
   * Takes backend {@code index} out of the turn (a pod leaving the Service's endpoints while it
   * stops) or puts it back; index writes still go to it (the shared store stays shared).
   */
  void drain(int index, boolean out) {
    if (out) {
      drained.add(index);
    } else {
      drained.remove(index);
    }
  }

  /** The replicas, in turn order (until set: 503). */
  void backends(List<String> urls) {
    backends = urls.stream().map(URI::create).toList();
  }

  /** Every request passed on so far, in order. */
  List<Routed> routed() {
    return List.copyOf(routed);
  }

  private void handle(HttpExchange exchange) throws IOException {
    boolean cut = false;
    try {
      List<URI> to = backends;
      if (to.isEmpty()) {
        exchange.sendResponseHeaders(503, -1);
        return;
      }
      byte[] body = exchange.getRequestBody().readAllBytes();
      String path = exchange.getRequestURI().getRawPath();
      List<Integer> targets = new ArrayList<>();
      if (SHARED_WRITES.stream().anyMatch(path::startsWith)) {
        for (int i = 0; i < to.size(); i++) {
          targets.add(i);
        }
      } else {
        int target;
        do {
          target = (int) (next.getAndIncrement() % to.size());
        } while (drained.contains(target) && drained.size() < to.size());
        targets.add(target);
      }
      HttpResponse<InputStream> answer = null;
      for (int target : targets) {
        routed.add(
            new Routed(
                target,
                exchange.getRequestMethod(),
                path,
                exchange.getRequestHeaders().getFirst("Mcp-Session-Id")));
        HttpResponse<InputStream> response = forward(exchange, to.get(target), body);
        if (answer == null || response.statusCode() >= 300) {
          if (answer != null) {
            answer.body().close();
          }
          answer = response; // a broadcast answers its first failure, else the first answer
        } else {
          response.body().close();
        }
      }
      relay(answer, exchange);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (UpstreamCut e) {
      // Thrown on with the answer unfinished, the server drops the client's connection: the client
      // sees the answer cut off, as it was, rather than a clean end.
      cut = true;
      throw e;
    } catch (IOException e) {
      try {
        exchange.sendResponseHeaders(502, -1);
      } catch (IOException | RuntimeException ignored) {
        // the answer had already begun
      }
    } finally {
      if (!cut) {
        exchange.close();
      }
    }
  }

  private HttpResponse<InputStream> forward(HttpExchange exchange, URI backend, byte[] body)
      throws IOException, InterruptedException {
    URI target = backend.resolve(exchange.getRequestURI().toString());
    HttpRequest.Builder request =
        HttpRequest.newBuilder(target)
            .method(
                exchange.getRequestMethod(),
                body.length == 0
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(body));
    exchange
        .getRequestHeaders()
        .forEach(
            (name, values) -> {
              if (!HOP_BY_HOP.contains(name.toLowerCase())) {
                values.forEach(value -> request.header(name, value));
              }
            });
    return client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
  }

  private static void relay(HttpResponse<InputStream> answer, HttpExchange exchange)
      throws IOException {
    answer
        .headers()
        .map()
        .forEach(
            (name, values) -> {
              if (!HOP_BY_HOP.contains(name.toLowerCase()) && !name.startsWith(":")) {
                exchange.getResponseHeaders().put(name, values);
              }
            });
    boolean empty = answer.statusCode() == 204 || answer.statusCode() == 304;
    exchange.sendResponseHeaders(answer.statusCode(), empty ? -1 : 0);
    if (empty) {
      answer.body().close();
      return;
    }
    try (InputStream in = answer.body();
        OutputStream out = exchange.getResponseBody()) {
      boolean events =
          answer.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
      ClientWatch watch = events ? new ClientWatch(out, in) : null;
      try {
        copy(in, out, watch);
      } finally {
        if (watch != null) {
          watch.stop();
        }
      }
    }
  }

  private static void copy(InputStream in, OutputStream out, ClientWatch watch) throws IOException {
    byte[] buffer = new byte[8192];
    while (true) {
      int read;
      try {
        read = in.read(buffer);
      } catch (IOException e) {
        if (watch != null && watch.clientGone()) {
          return; // the client went first: the upstream was closed for it
        }
        throw new UpstreamCut(e);
      }
      if (read < 0 || watch != null && watch.clientGone()) {
        return;
      }
      if (watch == null) {
        out.write(buffer, 0, read);
        out.flush();
      } else if (!watch.relay(buffer, read)) {
        return;
      }
    }
  }

  /** The upstream failed after its answer had begun. */
  private static final class UpstreamCut extends IOException {
    UpstreamCut(IOException cause) {
      super(cause);
    }
  }

  /**
   * For an event stream: the server learns that a client has gone only when a write to it fails,
   * and an idle stream writes nothing, so an SSE comment (which clients ignore) is written between
   * events once a second while the upstream is quiet. When the client is gone, the upstream is
   * closed too, as a gateway closes its upstream when its client leaves.
   */
  private static final class ClientWatch {

    private static final byte[] COMMENT = ":\n\n".getBytes(StandardCharsets.UTF_8);

    private final OutputStream out;
    private final InputStream upstream;
    private final ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "proxy-client-watch");
              t.setDaemon(true);
              return t;
            });
    private long lastWrite = System.nanoTime();
    private byte last = '\n';
    private byte beforeLast = '\n';
    private volatile boolean gone;

    ClientWatch(OutputStream out, InputStream upstream) {
      this.out = out;
      this.upstream = upstream;
      timer.scheduleWithFixedDelay(this::beat, 1, 1, TimeUnit.SECONDS);
    }

    /** Relays what the upstream sent; false when the client has gone. */
    synchronized boolean relay(byte[] buffer, int read) {
      try {
        out.write(buffer, 0, read);
        out.flush();
      } catch (IOException e) {
        leave();
        return false;
      }
      lastWrite = System.nanoTime();
      beforeLast = read >= 2 ? buffer[read - 2] : last;
      last = buffer[read - 1];
      return true;
    }

    boolean clientGone() {
      return gone;
    }

    void stop() {
      timer.shutdownNow();
    }

    private synchronized void beat() {
      boolean betweenEvents = last == '\n' && beforeLast == '\n';
      if (!betweenEvents || System.nanoTime() - lastWrite < 900_000_000L) {
        return;
      }
      try {
        out.write(COMMENT);
        out.flush();
        lastWrite = System.nanoTime();
      } catch (IOException e) {
        leave();
      }
    }

    private void leave() {
      gone = true;
      stop();
      try {
        upstream.close(); // ends the upstream request (its connection is not reused)
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
    client.shutdownNow();
  }
}
