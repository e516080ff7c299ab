package dev.engram.recall.embedding;

/** Small vector arithmetic shared by the embedders. */
public final class Vectors {

  private Vectors() {}

  /** Scales a vector to unit length in place (a zero vector stays zero) and returns it. */
  public static float[] unit(float[] v) {
    double norm = 0;
    for (float x : v) {
      norm += (double) x * x;
    }
    float scale = (float) (1.0 / Math.max(Math.sqrt(norm), 1e-12));
    for (int d = 0; d < v.length; d++) {
      v[d] *= scale;
    }
    return v;
  }

  /** The dot product, which is the cosine for unit vectors. */
  public static double dot(float[] a, float[] b) {
    double sum = 0;
    for (int i = 0; i < a.length; i++) {
      sum += (double) a[i] * b[i];
    }
    return sum;
  }
}
