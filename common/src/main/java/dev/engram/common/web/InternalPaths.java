package dev.engram.common.web;

import io.vertx.ext.web.RoutingContext;

/** The service-to-service API lives under {@code /internal/}; everything else is public. */
public final class InternalPaths {

  private InternalPaths() {}

  public static boolean is(RoutingContext rc) {
    String path = rc.normalizedPath();
    return path.equals("/internal") || path.startsWith("/internal/");
  }
}
