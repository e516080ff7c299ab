package dev.engram.graph.scope;

import dev.engram.common.error.EngramException;
import dev.engram.common.web.QueryParams;

/** A page size from a query parameter: absent means the default, outside 1..max is a 400. */
public final class Limits {

  private Limits() {}

  public static int limit(String name, String value, int defaultValue, int max) {
    Integer limit = QueryParams.intValue(name, value);
    if (limit == null) {
      return defaultValue;
    }
    if (limit < 1 || limit > max) {
      throw EngramException.invalid(name, "range", "must be between 1 and " + max);
    }
    return limit;
  }
}
