package dev.engram.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** How the suite tells that a component is up, and what it says when one is not. */
final class Probes {

  private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(3);
  private static final int CONNECT_TIMEOUT_MS = 500;
  private static final int MAX_TAIL_BYTES = 256 * 1024;

  private Probes() {}

  /** A service is ready when its readiness endpoint answers 200 (all its dependencies are up). */
  static boolean healthReady(HttpClient http, int port) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/q/health/ready"))
            .timeout(HEALTH_TIMEOUT)
            .GET()
            .build();
    try {
      return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Something accepts TCP connections on 127.0.0.1:port. */
  static boolean portOpen(int port) {
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MS);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Nobody listens on the port, on loopback or on any address. */
  static boolean portFree(int port) {
    if (portOpen(port)) {
      return false;
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress(port));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** A free ephemeral port (for tests, which must not collide with a suite already running). */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException("no free port: " + e.getMessage(), e);
    }
  }

  /** A launcher server announced {@code READY ...} after {@code offset} (this start's output). */
  static boolean logSaysReady(Path log, long offset) {
    return since(log, offset).lines().anyMatch(line -> line.startsWith("READY "));
  }

  static boolean logContains(Path log, long offset, String text) {
    return since(log, offset).contains(text);
  }

  /** The last {@code lines} lines written to the log after {@code offset}. */
  static String tail(Path log, long offset, int lines) {
    List<String> all = since(log, offset).lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }

  private static String since(Path log, long offset) {
    try (SeekableByteChannel channel = Files.newByteChannel(log)) {
      long size = channel.size();
      long from = Math.max(Math.max(0, offset), size - MAX_TAIL_BYTES);
      ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
      channel.position(from);
      while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
        // read to the end
      }
      return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "";
    }
  }
}
