package dev.engram.capture.exchange;

/** An exchange is ACTIVE, or QUARANTINED: kept verbatim but never projected or used. */
public enum ExchangeStatus {
  ACTIVE,
  QUARANTINED
}
