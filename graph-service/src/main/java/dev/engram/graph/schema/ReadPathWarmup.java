package dev.engram.graph.schema;

import dev.engram.common.warmup.SelfCalls;
import dev.engram.common.warmup.WarmupStep;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Warms the reads recall makes on every context (current facts, beliefs about) and, in its first
 * two rounds only, the neighbours walk of recall's graph lists (off by default) through
 * graph-service's own endpoints, once the schema is applied: Neo4j plans each statement on its
 * first call (measured: the first neighbours call after a start took 6.4 s and recall's 300 ms
 * deadline skipped the graph for the calls behind it). The calls ask about a tenant the suite never
 * writes for (nothing is written, only read).
 */
@ApplicationScoped
class ReadPathWarmup implements WarmupStep {

  /** A tenant name that is valid on the wire; the warm-up only reads, so it writes nothing here. */
  static final String TENANT = "engram-warm-up";

  private static final String[] QUERIES = {
    "What did Alice Moreau say about Lisbon?",
    "Where does Bob live and who is Chen?",
    "Tell me about Project Atlas and the Berlin office",
    "When did Dana meet Ed at the Porto conference?"
  };

  private final SchemaMigrator migrator;
  private final SelfCalls self;

  ReadPathWarmup(SchemaMigrator migrator, SelfCalls self) {
    this.migrator = migrator;
    this.self = self;
  }

  @Override
  public String name() {
    return "graph reads";
  }

  @Override
  public boolean canRun() {
    return self.ready() && migrator.pendingReason().isEmpty();
  }

  @Override
  public void run(int round) throws Exception {
    String query = QUERIES[round % QUERIES.length] + " " + round;
    String chat = round % 2 == 0 ? "\"chat\":\"warm-up:" + round + "\"," : "";
    String scope = "\"tenant\":\"" + TENANT + "\",\"agent\":\"warm-up\"," + chat;
    if (round < 2) {
      // Only recall's experimental graph lists ask for neighbours (off by default): plan both
      // walks once, and spend the rounds on the reads every context makes.
      self.post(
          "/internal/v1/graph/neighbours",
          "{" + scope + "\"query\":\"" + query + "\",\"max_hops\":" + (1 + round % 2) + "}");
    }
    // as context asks: the facts and the beliefs about the same text in one request
    self.post(
        "/internal/v1/graph/facts/current",
        "{" + scope + "\"text\":\"" + query + "\",\"beliefs_limit\":10}");
  }
}
