package dev.engram.capture.archfixture.a;

import dev.engram.capture.archfixture.b.Pong;

/** Half of a deliberate package cycle, for ArchitectureTest to catch. */
public class Ping {
  Pong pong;
}
