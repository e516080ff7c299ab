package dev.engram.graph.support;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A "Neo4j" that accepts connections and never answers (a hung server, a half-open network path),
 * the case where only timeouts protect the service.
 */
public class HangingNeo4j implements QuarkusTestResourceLifecycleManager {

  private final List<Socket> held = new CopyOnWriteArrayList<>();
  private ServerSocket server;

  @Override
  public Map<String, String> start() {
    try {
      server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread acceptor =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try {
                  held.add(server.accept());
                } catch (IOException e) {
                  return;
                }
              }
            },
            "hanging-neo4j");
    acceptor.setDaemon(true);
    acceptor.start();
    return Map.of(
        "quarkus.neo4j.uri", "bolt://127.0.0.1:" + server.getLocalPort(),
        "quarkus.neo4j.authentication.password", "irrelevant-password",
        "quarkus.neo4j.pool.connection-acquisition-timeout", "1S");
  }

  @Override
  public void stop() {
    try {
      server.close();
      for (Socket socket : held) {
        socket.close();
      }
    } catch (IOException e) {
      // nothing left to do for a test double
    }
  }
}
