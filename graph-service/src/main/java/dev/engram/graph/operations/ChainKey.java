package dev.engram.graph.operations;

import java.util.Map;

/** The facts a functional predicate keeps one current value among: same subject and scope. */
record ChainKey(String subject, String predicate, String scope, String agent, String chat) {

  static ChainKey of(String subject, String predicate, String scope, String agent, String chat) {
    return new ChainKey(
        subject, predicate, scope, agent == null ? "" : agent, chat == null ? "" : chat);
  }

  Map<String, Object> parameters() {
    return Map.of(
        "subject", subject, "predicate", predicate, "scope", scope, "agent", agent, "chat", chat);
  }

  String id() {
    return subject + '|' + predicate + '|' + scope + '|' + agent + '|' + chat;
  }
}
