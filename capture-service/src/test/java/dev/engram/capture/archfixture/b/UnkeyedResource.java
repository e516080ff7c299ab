package dev.engram.capture.archfixture.b;

import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;

/** A public write endpoint without {@code @Idempotent}, for ArchitectureTest to catch. */
@Path("/v1/unkeyed")
public class UnkeyedResource {

  @POST
  public String write() {
    return "stored";
  }
}
