package dev.engram.capture.exchange;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Who produced a turn, as chat APIs name it. */
public enum ExchangeRole {
  USER,
  ASSISTANT,
  SYSTEM,
  TOOL;

  /** The lower-case name used on the wire and in the database. */
  @JsonValue
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  static ExchangeRole fromWire(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
