package dev.engram.graph.scope;

import dev.engram.common.error.EngramException;
import java.util.HashMap;
import java.util.Map;

/**
 * What one read may see inside its tenant: with an agent, GLOBAL ∪ AGENT(agent) ∪ CHAT(agent, chat)
 * for memories and facts, and the exchanges of (agent, chat); without one (a tenant-wide read by a
 * key of the tenant, as capture-service's listings allow), everything of the tenant. Only ACTIVE
 * memories are ever visible. With a {@code mode} (issue 17), only items of that mode and untagged
 * ones: a memory or exchange by its own {@code mode}, a fact or belief by its {@code modes} (the
 * modes of its sources, see {@code FactQueries.SET_MODES}); without one, every mode.
 */
public record Visibility(String tenant, String agent, String chat, String mode) {

  /** A mode tag as capture-service accepts it (the index contract's {@code mode}). */
  public static final String MODE = "[a-z][a-z0-9_-]{0,31}";

  /** A read of every mode. */
  public Visibility(String tenant, String agent, String chat) {
    this(tenant, agent, chat, null);
  }

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

  /** As {@link #of(String, String, String)}, limited to {@code mode} (blank: every mode). */
  public static Visibility of(String tenant, String agent, String chat, String mode) {
    return of(tenant, agent, chat).withMode(checkedMode(mode));
  }

  /** The same read limited to {@code mode} (null: every mode). */
  public Visibility withMode(String mode) {
    return new Visibility(tenant, agent, chat, mode);
  }

  /**
   * A mode as requests carry it: blank is none; anything else a lower-case token (capture's rule).
   */
  public static String checkedMode(String mode) {
    if (mode == null || mode.isBlank()) {
      return null;
    }
    if (!mode.matches(MODE)) {
      throw EngramException.invalid(
          "mode", "pattern", "a lower-case token of at most 32 characters, e.g. work");
    }
    return mode;
  }

  /**
   * The Cypher parameters the predicates below use: {@code $tenant}, {@code $agent}, {@code $chat},
   * {@code $mode}.
   */
  public Map<String, Object> parameters() {
    Map<String, Object> parameters = new HashMap<>();
    parameters.put("tenant", tenant);
    parameters.put("agent", agent);
    parameters.put("chat", chat);
    parameters.put("mode", mode);
    return parameters;
  }

  /** Cypher: fact (or memory) {@code v} is visible, by its scope, agent and chat. */
  public static String scoped(String v) {
    return "($agent IS NULL OR %1$s.scope = 'GLOBAL' OR (%1$s.agent = $agent AND (%1$s.scope = 'AGENT' OR %1$s.chat = $chat)))"
        .formatted(v);
  }

  /** Cypher: fact {@code f} is visible, by its scope and the modes of its sources. */
  public static String fact(String f) {
    return "(%s AND %s)".formatted(scoped(f), modes(f));
  }

  /** Cypher: fact or belief {@code v} is of {@code $mode} or untagged (no {@code modes}). */
  public static String modes(String v) {
    return "($mode IS NULL OR %1$s.modes IS NULL OR $mode IN %1$s.modes)".formatted(v);
  }

  /** Cypher: memory {@code m} is visible (ACTIVE, in scope, of the mode; never a placeholder). */
  public static String memory(String m) {
    return "(%s.status = 'ACTIVE' AND %s AND %s)".formatted(m, scoped(m), mode(m));
  }

  /** Cypher: exchange {@code x} is visible (its agent and chat, of the mode). */
  public static String exchange(String x) {
    return "(($agent IS NULL OR (%1$s.agent = $agent AND %1$s.chat = $chat)) AND %2$s)"
        .formatted(x, mode(x));
  }

  /** Cypher: memory or exchange {@code v} is of {@code $mode} or untagged. */
  private static String mode(String v) {
    return "($mode IS NULL OR %1$s.mode IS NULL OR %1$s.mode = $mode)".formatted(v);
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
    return ("(($agent IS NULL AND $mode IS NULL) OR EXISTS { (%1$s)-[f:FACT]-() WHERE %2$s }"
            + " OR EXISTS { (%1$s)<-[:MENTIONS|SOURCE_OF]-(m:Memory) WHERE %3$s }"
            + " OR EXISTS { (%1$s)<-[:MENTIONS]-(x:Exchange) WHERE %4$s })")
        .formatted(e, fact("f"), memory("m"), exchange("x"));
  }
}
