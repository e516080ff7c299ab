package dev.engram.recall.index;

import dev.engram.contracts.index.IndexDocument;
import java.io.IOException;

/**
 * Every document of every tenant with its vector, read from one view of the store (a backup's
 * export). Close it when done: it holds the view (Lucene: a searcher) until then.
 */
public interface IndexSnapshot extends AutoCloseable {

  /** The embedding model every vector of the snapshot was made with. */
  String model();

  /**
   * Hands every document to {@code visitor}, one at a time, in pages (never all in memory).
   *
   * @throws IOException when the visitor fails (the client went away) or the store cannot be read
   */
  void forEach(Visitor visitor) throws IOException;

  @Override
  void close();

  /** Receives one document and its unit vector (the array may be reused after the call). */
  @FunctionalInterface
  interface Visitor {
    void accept(IndexDocument document, float[] vector) throws IOException;
  }
}
