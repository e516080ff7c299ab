package dev.engram.graph.operations;

/** How many operations changed the graph and how many were skipped as older than stored. */
record GraphOperationsResponse(int applied, int skipped) {}
