package dev.engram.common.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.ErrorCode;
import dev.engram.common.error.FieldViolation;
import dev.engram.common.error.Problem;
import dev.engram.common.error.ProblemMappers;
import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Map;

/** Answers from a route filter (before JAX-RS) with the same problem+json the mappers render. */
public final class RouteProblems {

  private RouteProblems() {}

  public static void end(
      RoutingContext rc,
      ObjectMapper json,
      ErrorCode error,
      String detail,
      Map<String, String> headers) {
    end(rc, json, error, detail, List.of(), headers);
  }

  /** The same, naming the fields at fault. */
  public static void end(
      RoutingContext rc,
      ObjectMapper json,
      ErrorCode error,
      String detail,
      List<FieldViolation> violations,
      Map<String, String> headers) {
    Object problem =
        ProblemMappers.render(rc.request(), error, detail, violations, Map.of()).getEntity();
    String body;
    try {
      body = json.writeValueAsString(problem);
    } catch (JsonProcessingException e) {
      body = "{\"status\":" + error.status() + ",\"code\":\"" + error.code() + "\"}";
    }
    rc.response().setStatusCode(error.status()).putHeader("Content-Type", Problem.MEDIA_TYPE);
    headers.forEach(rc.response()::putHeader);
    rc.response().end(body);
  }
}
