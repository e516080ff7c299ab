package dev.engram.capture.archfixture.b;

import io.smallrye.mutiny.Uni;
import org.hibernate.reactive.mutiny.Mutiny;

/** A service writing SQL of its own, outside any repository, for ArchitectureTest to catch. */
class LooseSql {

  Uni<Object> one(Mutiny.Session session) {
    return session.createNativeQuery("select 1").getSingleResult();
  }
}
