package dev.engram.capture.archfixture.b;

import dev.engram.capture.archfixture.a.Ping;

/** The other half of a deliberate package cycle, for ArchitectureTest to catch. */
public class Pong {
  Ping ping;
}
