/** Benchmarks of a running Engram suite over its public REST API. */
package dev.engram.bench;
