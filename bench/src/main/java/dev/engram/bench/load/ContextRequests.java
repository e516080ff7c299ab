package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;

/** Bodies of {@code POST /v1/context}: the same synthetic questions as recall. */
final class ContextRequests {

  private ContextRequests() {}

  /** A typical agent prompt budget. */
  static final int BUDGET_TOKENS = 1000;

  static ObjectNode body(SentenceGenerator generator, String agent, long i) {
    SentenceGenerator.SyntheticQuery q = generator.query(i);
    ObjectNode body = EngramApi.JSON.createObjectNode();
    body.put("agent", agent);
    body.put("chat", q.chat());
    body.put("query", q.query());
    body.put("budget_tokens", BUDGET_TOKENS);
    return body;
  }
}
