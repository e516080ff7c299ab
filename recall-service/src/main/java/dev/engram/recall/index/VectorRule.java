package dev.engram.recall.index;

import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import dev.engram.recall.RecallError;
import java.util.List;
import java.util.Map;

/**
 * What a vector must be to enter the index: the index's length, finite values, not all zero (a zero
 * vector has no direction, so no cosine). The one check for an import's records and for every
 * upsert a store applies; a bad vector is the caller's fault, a 400, never a 500.
 */
public final class VectorRule {

  private VectorRule() {}

  /** The rule {@code vector} breaks, named {@code field}; null when it fits. */
  public static FieldViolation violation(float[] vector, int dimensions, String field) {
    if (vector == null) {
      return new FieldViolation(field, "required", "is required");
    }
    if (vector.length != dimensions) {
      return new FieldViolation(
          field,
          "dimensions",
          "has " + vector.length + " values; the model's vectors have " + dimensions);
    }
    boolean nonZero = false;
    for (float x : vector) {
      if (!Float.isFinite(x)) {
        return new FieldViolation(field, "finite", "must be finite and not all zero");
      }
      nonZero |= x != 0f;
    }
    return nonZero ? null : new FieldViolation(field, "finite", "must be finite and not all zero");
  }

  /**
   * Refuses a batch holding an upsert whose vector breaks the rule, before anything is written.
   *
   * @throws EngramException invalid_vector (400) naming the document
   */
  public static void check(List<IndexOperation> operations, int dimensions) {
    for (IndexOperation op : operations) {
      if (op instanceof IndexOperation.Upsert u) {
        FieldViolation v = violation(u.vector(), dimensions, "vector");
        if (v != null) {
          String doc = u.document().kind() + " " + u.document().id();
          throw new EngramException(
              RecallError.INVALID_VECTOR,
              "the vector of " + doc + " " + v.message(),
              List.of(v),
              Map.of());
        }
      }
    }
  }
}
