package dev.engram.recall.recall;

/** A ranked list that recall fuses; its wire name keys the per-item {@code signals} map. */
enum Signal {
  SEMANTIC("semantic"),
  KEYWORD("keyword");

  private final String wire;

  Signal(String wire) {
    this.wire = wire;
  }

  String wire() {
    return wire;
  }
}
