package dev.engram.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.e2e.AckedWrite.Kind;
import dev.engram.e2e.FaultClient.Answer;
import dev.engram.launcher.Component;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.StreamSupport;

/**
 * Looks for acknowledged writes where each must be once the outbox is drained, through the public
 * read APIs: the record (capture), the index (recall, by the write's unique marker) and the graph
 * (graph-service: a memory by id, a fact by its subject). An exchange has no read by id in
 * graph-service; the vault audit compares every exchange id of the record with the graph's.
 */
final class WriteChecks {

  private static final int PARALLEL = 4;
  private static final Duration CHECKED_WITHIN = Duration.ofMinutes(10);

  private final FaultClient client;

  WriteChecks(FaultClient client) {
    this.client = client;
  }

  /** For each write that is missing somewhere: where, with the answer that showed it. */
  Map<AckedWrite, List<String>> missing(List<AckedWrite> writes) throws InterruptedException {
    Map<AckedWrite, List<String>> missing = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(PARALLEL);
    AtomicInteger done = new AtomicInteger();
    try {
      for (AckedWrite write : writes) {
        pool.submit(
            () -> {
              List<String> problems = problems(write);
              if (!problems.isEmpty()) {
                missing.put(write, problems);
              }
              if (done.incrementAndGet() % 500 == 0) {
                System.out.println("[fault] checked " + done + " of " + writes.size());
              }
            });
      }
    } finally {
      pool.shutdown();
      // About a minute on an idle machine for 2,000 writes; far more when it is shared.
      if (!pool.awaitTermination(CHECKED_WITHIN.toMinutes(), TimeUnit.MINUTES)) {
        pool.shutdownNow();
        throw new IllegalStateException(
            "the checks did not finish within " + CHECKED_WITHIN + " (" + done + " done)");
      }
    }
    return missing;
  }

  private List<String> problems(AckedWrite write) {
    List<String> problems = new ArrayList<>();
    try {
      Answer record = inRecord(write);
      if (record != null) {
        problems.add("not in the record: " + record);
      }
      Answer index = write.kind() == Kind.FACT ? null : inIndex(write);
      if (index != null) {
        problems.add("not in the index: " + index);
      }
      Answer graph = write.kind() == Kind.EXCHANGE ? null : inGraph(write);
      if (graph != null) {
        problems.add("not in the graph: " + graph);
      }
    } catch (Exception e) {
      problems.add("could not be checked: " + e);
    }
    return problems;
  }

  /** Null when capture serves the write as stored; otherwise the answer that says it does not. */
  private Answer inRecord(AckedWrite w) throws Exception {
    Answer answer =
        switch (w.kind()) {
          case EXCHANGE -> client.get(Component.CAPTURE, "/v1/exchanges/" + w.id(), Map.of());
          case MEMORY -> client.get(Component.CAPTURE, "/v1/memories/" + w.id(), Map.of());
          case FACT ->
              client.get(
                  Component.CAPTURE,
                  "/v1/facts",
                  Map.of("agent", SteadyWriter.AGENT, "chat", w.chat(), "subject", w.subject()));
        };
    if (!answer.ok()) {
      return answer;
    }
    boolean found =
        w.kind() == Kind.FACT
            ? ids(answer.json().path("items")).contains(w.id())
            : answer.json().path("text").asText().contains(w.marker())
                && answer.json().path("status").asText().equals("ACTIVE");
    return found ? null : answer;
  }

  /** Null when recall finds the write by its marker. */
  private Answer inIndex(AckedWrite w) throws Exception {
    Answer answer =
        client.post(
            Component.RECALL,
            "/v1/recall",
            Map.of(
                "agent", SteadyWriter.AGENT,
                "chat", w.chat(),
                "query", w.marker(),
                "k", 5,
                "kinds", List.of(w.kind() == Kind.MEMORY ? "memory" : "exchange")));
    return answer.ok() && ids(answer.json().path("items")).contains(w.id()) ? null : answer;
  }

  /** Null when graph-service shows the memory node or the fact. */
  private Answer inGraph(AckedWrite w) throws Exception {
    if (w.kind() == Kind.FACT) {
      Answer answer =
          client.get(
              Component.GRAPH,
              "/v1/facts",
              Map.of("agent", SteadyWriter.AGENT, "chat", w.chat(), "subject", w.subject()));
      return answer.ok() && ids(answer.json().path("facts")).contains(w.id()) ? null : answer;
    }
    // A traversal from the memory alone: the seed comes back only if the node exists.
    Answer answer =
        client.post(
            Component.GRAPH,
            "/v1/traverse",
            Map.of(
                "agent",
                SteadyWriter.AGENT,
                "chat",
                w.chat(),
                "memory_ids",
                List.of(w.id()),
                "max_depth",
                1,
                "limit",
                1));
    boolean found =
        answer.ok()
            && StreamSupport.stream(answer.json().path("nodes").spliterator(), false)
                .anyMatch(
                    n ->
                        n.path("kind").asText().equals("memory")
                            && n.path("id").asText().equals(Long.toString(w.id())));
    return found ? null : answer;
  }

  private static List<Long> ids(JsonNode items) {
    return StreamSupport.stream(items.spliterator(), false)
        .map(item -> item.path("id").asLong())
        .toList();
  }
}
