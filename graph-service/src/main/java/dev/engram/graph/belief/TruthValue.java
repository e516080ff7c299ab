package dev.engram.graph.belief;

/** A NAL truth value: strength (frequency of positive evidence) and confidence (how much). */
public record TruthValue(double strength, double confidence) {}
