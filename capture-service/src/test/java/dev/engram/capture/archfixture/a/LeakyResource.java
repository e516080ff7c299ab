package dev.engram.capture.archfixture.a;

import dev.engram.capture.memory.Memory;
import dev.engram.capture.memory.MemoryRepository;
import io.quarkus.hibernate.reactive.panache.Panache;

/** A resource doing what resources must not, for ArchitectureTest to catch; never run. */
class LeakyResource {

  MemoryRepository memories;

  Object query() {
    return Memory.find("tenant = ?1", "t");
  }

  Object session() {
    return Panache.getSession();
  }
}
