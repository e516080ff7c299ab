package dev.engram.recall.index;

import dev.engram.contracts.index.IndexDocument;

/**
 * A document one signal found, with that signal's raw score: cosine similarity for dense search,
 * BM25 for keyword search. Lists of hits are ordered best first.
 */
public record SearchHit(IndexDocument document, double score) {}
