package dev.engram.recall.context;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.Roles;
import dev.engram.common.warmup.WarmupStep;
import dev.engram.recall.share.FairShare;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.Validator;
import java.util.Set;

/**
 * Runs whole context assemblies before recall-service reports ready, for a tenant nobody writes
 * for: the request's validation, the key's fair share, the recall and index reads, capture's
 * context parts and graph's facts and beliefs over the real clients, the assembly and its token
 * counts and the answer's JSON, all of which the first context built inside its deadlines. Measured
 * on fresh suites (2026-11-28): the slowest of the first 100 contexts took 2.1–2.6 s without this
 * step and 0.65 s with it; graph-service's stored-reads warm-up then kept the first context's facts
 * and beliefs inside their deadline, and the validation, fair share and JSON here took the first
 * context's time outside the assembly from ~170 ms to ~90 ms (one fresh suite each, load 5–7). It
 * only reads. A context whose remote parts were skipped (capture or graph not up yet) is not an
 * error; the next few rounds then leave the step out, so a service that stays down delays readiness
 * by little.
 */
@ApplicationScoped
class ContextWarmup implements WarmupStep {

  private static final String TENANT = "engram-warm-up";
  private static final String[] QUERIES = {
    "What does Alice like to drink?",
    "Where does Bruno Costa live now?",
    "When did we talk about the Lisbon trip?",
    "what is the budget for the garden project"
  };

  /** Rounds left out after a context whose remote parts were skipped. */
  private static final int BACK_OFF = 4;

  private final ContextService context;
  private final FairShare share;
  private final Validator validator;
  private final ObjectMapper json;
  private int nextRound;

  ContextWarmup(ContextService context, FairShare share, Validator validator, ObjectMapper json) {
    this.context = context;
    this.share = share;
    this.validator = validator;
    this.json = json;
  }

  @Override
  public String name() {
    return "context";
  }

  @Override
  public void run(int round) throws Exception {
    if (round < nextRound) {
      return;
    }
    var request =
        new ContextRequest(
            "warm-up",
            round % 4 == 3 ? null : "warm-up:" + (round % 3),
            round % 2 == 0 ? "t-" + round : null,
            round % 2 == 0 ? "s-" + round : null,
            QUERIES[round % QUERIES.length] + " " + round,
            round % 2 == 0 ? 1000 : 400,
            null,
            round % 3 == 0 ? "work" : null);
    // what the resource does around the assembly: the request's validation, the key's turn, the
    // answer's JSON
    if (!validator.validate(request).isEmpty()) {
      throw new IllegalStateException("the warm-up's context request is invalid: " + request);
    }
    // kind null: the warm-up's answers leave no injection record
    ContextResponse answer =
        share.get(TENANT, Set.of(Roles.AGENT), () -> context.context(TENANT, request, null));
    json.writeValueAsBytes(answer);
    if (!answer.skipped().isEmpty()) {
      nextRound = round + 1 + BACK_OFF;
    }
  }
}
