package dev.engram.recall.embedding;

import java.util.List;

/** Turns texts into dense vectors; the port behind which a local or remote model sits. */
public interface Embedder {

  /** A stable id of the model, stored with every vector so a model change is detectable. */
  String modelId();

  /** Length of every vector this embedder returns. */
  int dimensions();

  /**
   * One L2-normalised vector per text, in the order given (so cosine similarity is a dot product).
   */
  List<float[]> embed(List<String> texts);
}
