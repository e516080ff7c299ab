package dev.engram.common.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;

/**
 * A JSON value that parsed but is refused before it reaches a service: text PostgreSQL cannot store
 * (NUL, lone surrogates) or a timestamp outside years 1..9999. It carries the rule it broke and a
 * sentence for the client; the field path is added by Jackson as the exception leaves each object.
 */
public final class RejectedValueException extends MismatchedInputException {

  private final String rule;
  private final String reason;

  RejectedValueException(JsonParser parser, Class<?> type, String rule, String reason) {
    super(parser, reason, type);
    this.rule = rule;
    this.reason = reason;
  }

  /** The broken rule, e.g. {@code text_nul}; shown as the violation's rule. */
  public String rule() {
    return rule;
  }

  /** What is wrong with the value, without the field name. */
  public String reason() {
    return reason;
  }
}
