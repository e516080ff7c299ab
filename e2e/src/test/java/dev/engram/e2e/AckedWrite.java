package dev.engram.e2e;

/**
 * A write capture-service acknowledged (2xx) during {@link FaultIT}: what it was, the id it was
 * given, the unique marker its text carries, the chat it went to and the phase it was made in.
 */
record AckedWrite(Kind kind, long id, String marker, String chat, String phase) {

  /** The write paths, each reaching different projections through capture's outbox. */
  enum Kind {
    /** A turn: the record, the index and the graph (an Exchange node). */
    EXCHANGE,
    /** A memory: the record, the index and the graph (a Memory node). */
    MEMORY,
    /** A fact: the record and the graph (a FACT edge); the index holds no facts. */
    FACT
  }

  /** The fact's subject, found again by it in both capture and graph-service. */
  String subject() {
    return "part " + marker;
  }

  @Override
  public String toString() {
    return kind.name().toLowerCase() + " " + id + " (" + marker + ", " + chat + ", " + phase + ")";
  }
}
