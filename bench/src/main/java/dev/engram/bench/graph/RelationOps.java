package dev.engram.bench.graph;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * The relation operations capture-service's automatic relations add to the graph stream (issue 16),
 * so the ingest rate can be measured with them: per new memory up to {@code perMemory} SIMILAR_TO
 * links to earlier memories (the nearest neighbours; here drawn from the last 1,000) and, for one
 * memory in ten, a CONTRADICTS to the one before (a supersede or correction).
 */
final class RelationOps {

  private final String tenant;
  private final int perMemory;
  private final Random random;
  private long nextId;

  RelationOps(String tenant, int perMemory, long seed) {
    this.tenant = tenant;
    this.perMemory = perMemory;
    this.random = new Random(seed);
  }

  /** How many relations were generated so far. */
  long count() {
    return nextId;
  }

  /** The relations of memory {@code id} (ids 1..id-1 exist already). */
  List<Map<String, Object>> of(long id, Instant at) {
    List<Map<String, Object>> ops = new ArrayList<>();
    if (perMemory <= 0 || id < 2) {
      return ops;
    }
    long window = Math.min(1000, id - 1);
    Set<Long> targets = new LinkedHashSet<>();
    for (int tries = 0; targets.size() < Math.min(perMemory, window) && tries < perMemory * 4; ) {
      tries++;
      targets.add(id - 1 - (long) random.nextInt((int) window));
    }
    for (long to : targets) {
      ops.add(op(id, to, "SIMILAR_TO", 0.75 + random.nextInt(17) / 100.0, at));
    }
    if (id % 10 == 0) {
      ops.add(op(id, id - 1, "CONTRADICTS", 1.0, at));
    }
    return ops;
  }

  private Map<String, Object> op(long from, long to, String type, double weight, Instant at) {
    Map<String, Object> r = new HashMap<>();
    r.put("tenant", tenant);
    r.put("id", ++nextId);
    r.put("version", 1);
    r.put("from_memory", from);
    r.put("to_memory", to);
    r.put("type", type);
    r.put("weight", weight);
    r.put("created_at", at.toString());
    return Map.of("op", "upsert_relation", "relation", r);
  }
}
