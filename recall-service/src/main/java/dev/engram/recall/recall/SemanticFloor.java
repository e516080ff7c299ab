package dev.engram.recall.recall;

/**
 * The lowest cosine a dense hit needs to count. In a large corpus weak matches are noise (there are
 * always better ones); in a small corpus they may be all there is, so the floor loosens: {@code
 * smallMin} up to {@code smallSize} documents, {@code min} from {@code largeSize}, and in between
 * interpolated on log(size), as the chance of a strong match grows with the log of the corpus.
 */
public record SemanticFloor(double min, double smallMin, long smallSize, long largeSize) {

  public SemanticFloor {
    if (largeSize <= smallSize) {
      throw new IllegalArgumentException(
          "engram.recall.semantic-floor: large-corpus-size must exceed small-corpus-size");
    }
  }

  /** The floor for a tenant of {@code documents} documents. */
  public double at(long documents) {
    if (documents <= smallSize) {
      return smallMin;
    }
    if (documents >= largeSize) {
      return min;
    }
    double t =
        (Math.log(documents) - Math.log(smallSize)) / (Math.log(largeSize) - Math.log(smallSize));
    return smallMin + (min - smallMin) * t;
  }
}
