package dev.engram.graph.currentfacts;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.warmup.SelfCalls;
import dev.engram.common.warmup.WarmupStep;
import dev.engram.graph.neo4j.Neo4jClient;
import dev.engram.graph.neo4j.Neo4jValues;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the current facts and beliefs of entities the store already holds, as a context asks for
 * them, before graph-service reports ready. The other read warm-ups ask about a tenant with no
 * data, so the name lookup, the degree check, the facts statement and the beliefs read had never
 * returned a row when the first real context came: measured 2026-11-28 on a suite of 18,000
 * memories, the first current-facts read of a tenant with data took 110 ms and the first beliefs
 * read 140 ms more, the next ones about 20 ms each, and the first context after {@code up} left
 * facts and beliefs out on recall's 300 ms deadline. This step only reads: a few stored facts'
 * subjects (any tenant; the answers are dropped), through the service's own endpoint with its
 * internal key. An empty store has nothing to read and the step does nothing.
 */
@ApplicationScoped
class StoredFactsWarmup implements WarmupStep {

  /** How many stored subjects the rounds cycle through, at most: half with facts, half beliefs. */
  static final int SAMPLES = 8;

  /**
   * Facts current in both times with their subject's name and the scope they were said in; the
   * first few found, not a scan of the store.
   */
  static final String FACT_SUBJECTS =
      """
      MATCH (s:Entity)-[f:FACT]->(:Entity)
      WHERE f.invalidated_at IS NULL
        AND (f.valid_from IS NULL OR f.valid_from <= $now)
        AND (f.valid_to IS NULL OR f.valid_to > $now)
      RETURN s.tenant AS tenant, s.name AS name, f.agent AS agent, f.chat AS chat
      LIMIT $limit""";

  /**
   * The names beliefs are about (a belief is visible to every agent of its tenant); the first few
   * found.
   */
  static final String BELIEF_NAMES =
      """
      MATCH (b:Belief)
      WHERE b.strength IS NOT NULL AND size(b.entity_keys) > 0
      RETURN b.tenant AS tenant, b.entity_keys[0] AS name, null AS agent, null AS chat
      LIMIT $limit""";

  /** One subject to ask about, in the scope its fact was stored in. */
  record Sample(String tenant, String name, String agent, String chat) {}

  private static final String[] QUESTIONS = {
    "What does %s like?", "Where does %s live now?", "Tell me about %s", "Who is %s working with?"
  };

  private final Neo4jClient neo4j;
  private final SelfCalls self;
  private final ObjectMapper json;
  private List<Sample> samples;

  StoredFactsWarmup(Neo4jClient neo4j, SelfCalls self, ObjectMapper json) {
    this.neo4j = neo4j;
    this.self = self;
    this.json = json;
  }

  @Override
  public String name() {
    return "stored facts";
  }

  @Override
  public boolean canRun() {
    return self.ready();
  }

  @Override
  public void run(int round) throws Exception {
    Map<String, Object> request = request(round);
    if (request != null) {
      self.post("/internal/v1/graph/facts/current", json.writeValueAsString(request));
    }
  }

  /** What round {@code round} asks, as context would; null when the store holds no fact. */
  Map<String, Object> request(int round) {
    List<Sample> found = samples();
    if (found.isEmpty()) {
      return null;
    }
    Sample sample = found.get(round % found.size());
    Map<String, Object> body = new HashMap<>();
    body.put("tenant", sample.tenant());
    // a context always names its agent; a global fact has none, so any agent sees it
    body.put("agent", sample.agent() == null ? "warm-up" : sample.agent());
    body.put("chat", sample.agent() == null ? null : sample.chat());
    body.put("text", QUESTIONS[round % QUESTIONS.length].formatted(sample.name()));
    body.put("entities", List.of(sample.name()));
    body.put("beliefs_limit", 10);
    return body;
  }

  /** The subjects the rounds ask about, read once (at most {@link #SAMPLES}). */
  List<Sample> samples() {
    if (samples == null) {
      Map<String, Object> parameters =
          Map.of("limit", SAMPLES / 2, "now", Neo4jValues.time(Instant.now()));
      List<Sample> found = new ArrayList<>();
      for (String statement : List.of(FACT_SUBJECTS, BELIEF_NAMES)) {
        found.addAll(
            neo4j.read(
                statement,
                parameters,
                row ->
                    new Sample(
                        row.get("tenant").asString(),
                        row.get("name").asString(),
                        Neo4jValues.string(row.get("agent")),
                        Neo4jValues.string(row.get("chat")))));
      }
      samples = List.copyOf(found);
    }
    return samples;
  }

  @Override
  public void close() {
    samples = null;
  }
}
