package dev.engram.graph.scope;

import dev.engram.common.error.EngramException;
import java.util.HashMap;
import java.util.Map;

/**
 * What one read may see inside its tenant: with an agent, GLOBAL ∪ AGENT(agent) ∪ CHAT(agent, chat)
 * for memories and facts, and the exchanges of (agent, chat); without one (a tenant-wide read by a
 * key of the tenant, as capture-service's listings allow), everything of the tenant. Only ACTIVE
 * memories are ever visible.
 */
public record Visibility(String tenant, String agent, String chat) {

  /**
   * What a public read sees: blank parameters count as absent, and a chat needs its agent (a chat
   * belongs to one agent).
   */
  public static Visibility of(String tenant, String agent, String chat) {
    String a = agent == null || agent.isBlank() ? null : agent.strip();
    String c = chat == null || chat.isBlank() ? null : chat.strip();
    if (c != null && a == null) {
      throw EngramException.invalid("chat", "needs_agent", "name the agent the chat belongs to");
    }
    return new Visibility(tenant, a, c);
  }

  /**
   * The Cypher parameters the predicates below use: {@code $tenant}, {@code $agent}, {@code $chat}.
   */
  public Map<String, Object> parameters() {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", tenant);
    parameters.put("agent", agent);
    parameters.put("chat", chat);
    return parameters;
  }

  /** Cypher: fact (or memory) {@code v} is visible, by its scope, agent and chat. */
  public static String scoped(String v) {
    return "($agent IS NULL OR %1$s.scope = 'GLOBAL' OR (%1$s.agent = $agent AND (%1$s.scope = 'AGENT' OR %1$s.chat = $chat)))"
        .formatted(v);
  }

  /** Cypher: memory {@code m} is visible (ACTIVE, in scope; placeholders never are). */
  public static String memory(String m) {
    return "(%s.status = 'ACTIVE' AND %s)".formatted(m, scoped(m));
  }

  /** Cypher: exchange {@code x} is visible (its agent and chat). */
  public static String exchange(String x) {
    return "($agent IS NULL OR (%1$s.agent = $agent AND %1$s.chat = $chat))".formatted(x);
  }

  /**
   * Cypher: fact {@code f} holds at {@code $asOf} (world time), or, without {@code $asOf}, is
   * current. A fact invalidated without an end of validity was retracted: it never held.
   */
  public static String holds(String f) {
    return ("(($asOf IS NULL AND %1$s.invalidated_at IS NULL) OR ($asOf IS NOT NULL"
            + " AND coalesce(%1$s.valid_from, %1$s.recorded_at) <= $asOf"
            + " AND (%1$s.valid_to IS NULL OR %1$s.valid_to > $asOf)"
            + " AND (%1$s.invalidated_at IS NULL OR %1$s.valid_to IS NOT NULL)))")
        .formatted(f);
  }

  /** Cypher: the reader sees something of entity {@code e}: a fact, a memory or an exchange. */
  public static String entity(String e) {
    return ("($agent IS NULL OR EXISTS { (%1$s)-[f:FACT]-() WHERE %2$s }"
            + " OR EXISTS { (%1$s)<-[:MENTIONS|SOURCE_OF]-(m:Memory) WHERE %3$s }"
            + " OR EXISTS { (%1$s)<-[:MENTIONS]-(x:Exchange) WHERE %4$s })")
        .formatted(e, scoped("f"), memory("m"), exchange("x"));
  }
}
