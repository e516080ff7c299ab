package dev.engram.launcher;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One process of the one-machine suite: the two embedded servers, the four services and the
 * console.
 */
public enum Component {
  POSTGRES("postgres", 54329, "128m", null, "dev.engram.launcher.PostgresServer"),
  NEO4J("neo4j", 17687, "512m", null, "dev.engram.launcher.Neo4jServer"),
  CAPTURE("capture", 8081, "384m", "capture-service", null),
  RECALL("recall", 8082, "768m", "recall-service", null),
  GRAPH("graph", 8083, "384m", "graph-service", null),
  VAULT("vault", 8084, "384m", "vault-service", null),
  // Pages for people; calls capture and recall with the signed-in person's key (console/README.md).
  CONSOLE("console", 8085, "128m", "console", null);

  private final String id;
  private final int defaultPort;
  private final String heap;
  private final String module;
  private final String mainClass;

  Component(String id, int defaultPort, String heap, String module, String mainClass) {
    this.id = id;
    this.defaultPort = defaultPort;
    this.heap = heap;
    this.module = module;
    this.mainClass = mainClass;
  }

  /** The short lower-case name used for logs, pid files and the command line. */
  public String id() {
    return id;
  }

  /** The port on one machine when ports are not chosen at random (README.md, "One machine"). */
  public int defaultPort() {
    return defaultPort;
  }

  /**
   * A Quarkus application (a service or the console: HTTP, health endpoints, started from its
   * {@code target/quarkus-app}) rather than an embedded database server.
   */
  public boolean isService() {
    return module != null;
  }

  /**
   * The Maven module of a service ({@code capture-service}) or of the console, or null for the
   * servers.
   */
  public String module() {
    return module;
  }

  /** A name for people: the module name for services, the product name for the servers. */
  public String displayName() {
    return switch (this) {
      case POSTGRES -> "PostgreSQL";
      case NEO4J -> "Neo4j";
      default -> module;
    };
  }

  String heap() {
    return heap;
  }

  String mainClass() {
    return mainClass;
  }

  /** The embedded database servers, started before the services. */
  public static List<Component> servers() {
    return List.of(POSTGRES, NEO4J);
  }

  /** The four Quarkus services (the console is not one: it has no API of its own). */
  public static List<Component> services() {
    return List.of(CAPTURE, RECALL, GRAPH, VAULT);
  }

  /** Every Quarkus application: the four services and the console. */
  public static List<Component> applications() {
    return List.of(CAPTURE, RECALL, GRAPH, VAULT, CONSOLE);
  }

  /** Accepts {@code capture}, {@code capture-service} or {@code CAPTURE}. */
  public static Component parse(String name) {
    String wanted = name.strip().toLowerCase(Locale.ROOT);
    for (Component c : values()) {
      if (c.id.equals(wanted) || wanted.equals(c.module)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "unknown component '"
            + name
            + "': expected one of "
            + Arrays.stream(values()).map(Component::id).collect(Collectors.joining(", ")));
  }
}
