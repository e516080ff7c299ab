package dev.engram.vault.audit;

import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The memory and exchange ids one store holds, per tenant and kind, as growable primitive arrays (8
 * bytes per document). This is the audit's one structure that grows with the data: drift can only
 * be named by comparing ids across three exports that arrive one after the other.
 */
final class IdSets {

  static final String MEMORY = "memory";
  static final String EXCHANGE = "exchange";
  private static final long[] NONE = new long[0];

  /** Ids as added; sorted and deduplicated on first read. */
  private static final class Ids {
    private long[] ids = new long[16];
    private int size;
    private boolean sorted = true;

    void add(long id) {
      if (size == ids.length) {
        ids = Arrays.copyOf(ids, Math.max(16, size * 2));
      }
      sorted &= size == 0 || ids[size - 1] < id;
      ids[size++] = id;
    }

    long[] sorted() {
      if (!sorted) {
        Arrays.sort(ids, 0, size);
        int distinct = 0;
        for (int i = 0; i < size; i++) {
          if (distinct == 0 || ids[distinct - 1] != ids[i]) {
            ids[distinct++] = ids[i];
          }
        }
        size = distinct;
        sorted = true;
      }
      if (size != ids.length) {
        ids = Arrays.copyOf(ids, size); // trimmed once: reading happens after all adds
      }
      return ids;
    }
  }

  private final Map<String, Map<String, Ids>> ids = new TreeMap<>();

  void add(String tenant, String kind, long id) {
    ids.computeIfAbsent(tenant, t -> new TreeMap<>()).computeIfAbsent(kind, k -> new Ids()).add(id);
  }

  /** The distinct ids, ascending. */
  long[] of(String tenant, String kind) {
    Ids of = ids.getOrDefault(tenant, Map.of()).get(kind);
    return of == null ? NONE : of.sorted();
  }

  Set<String> tenants() {
    return ids.keySet();
  }
}
