package dev.engram.recall.index;

import java.util.Map;

/** Whether the store can serve reads and writes, why not if not, and facts for operators. */
public record StoreHealth(boolean up, String reason, Map<String, Object> data) {

  public StoreHealth {
    data = Map.copyOf(data);
  }
}
