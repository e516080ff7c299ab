package dev.engram.graph.centrality;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * PageRank per reader view (issue 14): a chat's graph signal must count only the facts the chat can
 * see, so besides the tenant-wide run each view with facts of its own is ranked over its visible
 * facts alone: the GLOBAL facts (level 0), an agent's AGENT facts with them (level 1), a chat's
 * CHAT facts with its agent's and the GLOBAL ones (level 2). A reader takes the most specific view
 * that exists for it; one without facts of its own sees exactly the less specific one.
 */
public final class ViewCentrality {

  private ViewCentrality() {}

  /** One stored fact: its ends and its scope. */
  record Link(String subject, String object, String scope, String agent, String chat) {}

  /** A view's key and level, and its entities' scores. */
  record Ranked(String key, int level, Map<String, Double> scores) {}

  /**
   * The view keys a reader (agent, chat) may use, most specific first; a tenant-wide reader (no
   * agent) has none and uses the tenant's own centrality.
   */
  public static List<String> keysOf(String agent, String chat) {
    if (agent == null) {
      return List.of();
    }
    return chat == null
        ? List.of(agentKey(agent), "")
        : List.of(chatKey(agent, chat), agentKey(agent), "");
  }

  private static String agentKey(String agent) {
    return "a:" + agent;
  }

  /** The agent's length first, so no agent and chat pair reads as another. */
  private static String chatKey(String agent, String chat) {
    return "c:" + agent.length() + ":" + agent + chat;
  }

  /** Every view of a tenant's links, ranked; views are ordered by key so runs compare. */
  static List<Ranked> rank(List<Link> links, double damping, int maxIterations, double tolerance) {
    List<Link> global = new ArrayList<>();
    Map<String, List<Link>> byAgent = new TreeMap<>();
    Map<List<String>, List<Link>> byChat = new LinkedHashMap<>();
    for (Link link : links) {
      switch (link.scope() == null ? "GLOBAL" : link.scope()) {
        case "AGENT" -> byAgent.computeIfAbsent(link.agent(), a -> new ArrayList<>()).add(link);
        case "CHAT" ->
            byChat
                .computeIfAbsent(List.of(link.agent(), link.chat()), c -> new ArrayList<>())
                .add(link);
        default -> global.add(link);
      }
    }
    List<Ranked> views = new ArrayList<>();
    views.add(new Ranked("", 0, pageRank(global, damping, maxIterations, tolerance)));
    byAgent.forEach(
        (agent, own) -> {
          List<Link> seen = new ArrayList<>(global);
          seen.addAll(own);
          views.add(
              new Ranked(agentKey(agent), 1, pageRank(seen, damping, maxIterations, tolerance)));
        });
    byChat.forEach(
        (pair, own) -> {
          List<Link> seen = new ArrayList<>(global);
          seen.addAll(byAgent.getOrDefault(pair.get(0), List.of()));
          seen.addAll(own);
          views.add(
              new Ranked(
                  chatKey(pair.get(0), pair.get(1)),
                  2,
                  pageRank(seen, damping, maxIterations, tolerance)));
        });
    return views;
  }

  /** PageRank over the entities these links touch (sorted ids, so the order is the data's). */
  static Map<String, Double> pageRank(
      List<Link> links, double damping, int maxIterations, double tolerance) {
    Map<String, Integer> index = new TreeMap<>();
    links.forEach(
        l -> {
          index.putIfAbsent(l.subject(), 0);
          index.putIfAbsent(l.object(), 0);
        });
    List<String> ids = new ArrayList<>(index.keySet());
    for (int i = 0; i < ids.size(); i++) {
      index.put(ids.get(i), i);
    }
    List<List<Integer>> adjacency = new ArrayList<>();
    ids.forEach(id -> adjacency.add(new ArrayList<>()));
    for (Link l : links) {
      int s = index.get(l.subject());
      int o = index.get(l.object());
      adjacency.get(s).add(o);
      adjacency.get(o).add(s);
    }
    int[][] graph = new int[ids.size()][];
    for (int i = 0; i < graph.length; i++) {
      graph[i] = adjacency.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    double[] scores = PageRank.compute(graph, damping, maxIterations, tolerance).scores();
    Map<String, Double> byId = new HashMap<>();
    for (int i = 0; i < scores.length; i++) {
      byId.put(ids.get(i), scores[i]);
    }
    return byId;
  }
}
