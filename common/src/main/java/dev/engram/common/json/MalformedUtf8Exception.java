package dev.engram.common.json;

import com.fasterxml.jackson.core.JsonParseException;

/** A request body whose bytes are not valid UTF-8 (overlong forms, bad continuations, …). */
public final class MalformedUtf8Exception extends JsonParseException {

  private final long offset;

  MalformedUtf8Exception(long offset) {
    super(null, "The body is not valid UTF-8 (byte " + offset + ")");
    this.offset = offset;
  }

  /** Zero-based offset of the first byte that breaks UTF-8. */
  public long offset() {
    return offset;
  }
}
