package dev.engram.recall;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Stand-ins for graph-service's neighbours and current facts and capture-service's slots, recent
 * turns and canonical memories, started once per test JVM and shared by every @QuarkusTest of this
 * module (so the application starts once).
 */
public class RecallTestResources implements QuarkusTestResourceLifecycleManager {

  private static ServiceStub graph;
  private static ServiceStub slots;
  private static ServiceStub recentTurns;
  private static ServiceStub currentFacts;
  private static ServiceStub canonical;
  private static ServiceStub beliefs;
  private static ServiceStub contextParts;

  public static synchronized ServiceStub graph() {
    return graph;
  }

  public static synchronized ServiceStub slots() {
    return slots;
  }

  /** capture-service's canonical memories, on the slots stand-in's port. */
  public static synchronized ServiceStub canonical() {
    return canonical;
  }

  /** capture-service's recent turns, on the slots stand-in's port. */
  public static synchronized ServiceStub recentTurns() {
    return recentTurns;
  }

  /**
   * capture-service's slots, recent turns and canonical memories in one request, on the slots
   * stand-in's port: unless a test sets its own status, each part is what that part's stand-in
   * answers (and records) for the part's own query, and a part's failure fails the whole answer, as
   * one request to capture fails as a whole.
   */
  public static synchronized ServiceStub contextParts() {
    return contextParts;
  }

  /** graph-service's current facts, on the neighbours stand-in's port. */
  public static synchronized ServiceStub currentFacts() {
    return currentFacts;
  }

  /** graph-service's beliefs about the entities in play, on the neighbours stand-in's port. */
  public static synchronized ServiceStub beliefs() {
    return beliefs;
  }

  @Override
  public synchronized Map<String, String> start() {
    try {
      if (graph == null) {
        graph =
            new ServiceStub(
                "/internal/v1/graph/neighbours", "{\"entities\":[],\"items\":[],\"took_ms\":1}");
        slots = new ServiceStub("/internal/v1/slots", "{\"slots\":[]}");
        recentTurns =
            new ServiceStub(
                slots, "/internal/v1/exchanges/recent", "{\"turns\":[],\"more\":false}");
        canonical = new ServiceStub(slots, "/internal/v1/canonical", "{\"memories\":[]}");
        contextParts =
            new ServiceStub(
                slots,
                "/internal/v1/context-parts",
                "{\"slots\":[],\"recent\":null,\"canonical\":[]}");
        contextParts.answerFromParts(RecallTestResources::fromParts);
        currentFacts =
            new ServiceStub(
                graph,
                "/internal/v1/graph/facts/current",
                "{\"entities\":[],\"facts\":[],\"omitted\":0,\"took_ms\":1,\"beliefs\":[]}");
        beliefs = new ServiceStub(graph, "/internal/v1/graph/beliefs/about", "{\"beliefs\":[]}");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of(
        "engram.services.graph-url", graph.url(), "engram.services.capture-url", slots.url());
  }

  /** The context-parts answer the three part stand-ins make for {@code r}. */
  private static ServiceStub.Reply fromParts(ServiceStub.Received r) {
    Map<String, String> q = ServiceStub.query(r.query());
    ServiceStub.Reply slotsReply =
        slots.reply(part(r, q, "tenant", "agent", "chat", "session", "thread"));
    ServiceStub.Reply turnsReply =
        q.containsKey("limit")
            ? recentTurns.reply(part(r, q, "tenant", "agent", "chat", "limit", "mode"))
            : null;
    ServiceStub.Reply canonicalReply = canonical.reply(part(r, q, "tenant", "agent", "chat"));
    for (ServiceStub.Reply reply :
        java.util.Arrays.asList(slotsReply, turnsReply, canonicalReply)) {
      if (reply != null && reply.status() != 200) {
        return reply;
      }
    }
    var json = new com.fasterxml.jackson.databind.ObjectMapper();
    try {
      var answer = json.createObjectNode();
      answer.set("slots", json.readTree(slotsReply.body()).get("slots"));
      answer.set("recent", turnsReply == null ? null : json.readTree(turnsReply.body()));
      answer.set("canonical", json.readTree(canonicalReply.body()).get("memories"));
      return new ServiceStub.Reply(200, answer.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The request one part's own endpoint would have had: these parameters of {@code q}. */
  private static ServiceStub.Received part(
      ServiceStub.Received r, Map<String, String> q, String... names) {
    StringBuilder query = new StringBuilder();
    for (String name : names) {
      if (q.containsKey(name)) {
        query.append(query.isEmpty() ? "" : "&").append(name).append('=');
        query.append(
            java.net.URLEncoder.encode(q.get(name), java.nio.charset.StandardCharsets.UTF_8));
      }
    }
    return new ServiceStub.Received(null, query.toString(), r.authorization());
  }

  @Override
  public void stop() {
    // Shared by all test classes; the servers die with the JVM.
  }
}
