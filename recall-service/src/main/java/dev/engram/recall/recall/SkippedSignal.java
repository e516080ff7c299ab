package dev.engram.recall.recall;

/** A signal left out of one recall, and why (e.g. graph-service did not answer in time). */
public record SkippedSignal(String signal, String reason) {}
