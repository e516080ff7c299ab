package dev.engram.capture.db;

import io.quarkus.panache.common.Parameters;

/**
 * A JPQL where clause grown from optional filters, with its named parameters: listings add a
 * condition only for the filters a request gives.
 */
public final class Where {

  private final StringBuilder clause;
  private final Parameters params;

  private Where(String clause, String name, Object value) {
    this.clause = new StringBuilder(clause);
    this.params = Parameters.with(name, value);
  }

  /** The first condition, binding {@code name}. */
  public static Where of(String clause, String name, Object value) {
    return new Where(clause, name, value);
  }

  /** Adds {@code and <clause>}, binding {@code name}. */
  public Where and(String clause, String name, Object value) {
    this.clause.append(" and ").append(clause);
    params.and(name, value);
    return this;
  }

  /** Adds {@code and <clause>} when {@code value} is not null. */
  public Where andIf(Object value, String clause, String name) {
    return value == null ? this : and(clause, name, value);
  }

  /** Adds {@code and <field> = :<field>} when {@code value} is not null. */
  public Where equal(String field, Object value) {
    return andIf(value, field + " = :" + field, field);
  }

  /** Binds one more parameter of the last condition. */
  public Where bind(String name, Object value) {
    params.and(name, value);
    return this;
  }

  public String clause() {
    return clause.toString();
  }

  public Parameters params() {
    return params;
  }
}
