package dev.engram.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonParseException;
import dev.engram.common.correlation.CorrelationId;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotBlank;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Proxy;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** Each mapper answers problem+json with the code, status and detail a client relies on. */
class ProblemMappersTest {

  private final ProblemMappers mappers = new ProblemMappers();

  /** A request to {@code method path} with these headers; nothing else is read. */
  private static HttpServerRequest request(
      String method, String path, Map<String, String> headers) {
    return (HttpServerRequest)
        Proxy.newProxyInstance(
            ProblemMappersTest.class.getClassLoader(),
            new Class<?>[] {HttpServerRequest.class},
            (proxy, m, args) ->
                switch (m.getName()) {
                  case "path" -> path;
                  case "method" -> HttpMethod.valueOf(method);
                  case "getHeader" -> headers.get((String) args[0]);
                  default -> throw new UnsupportedOperationException(m.getName());
                });
  }

  private static HttpServerRequest request() {
    return request("POST", "/v1/things", Map.of(CorrelationId.HEADER, "corr-1"));
  }

  private static Problem problem(Response response) {
    assertEquals(Problem.MEDIA_TYPE, response.getMediaType().toString());
    return (Problem) response.getEntity();
  }

  record Thing(@NotBlank String shortName) {}

  @Test
  void aConstraintViolationIsA400ListingTheField() {
    Validator validator =
        Validation.byDefaultProvider()
            .configure()
            .messageInterpolator(new ParameterMessageInterpolator())
            .buildValidatorFactory()
            .getValidator();
    var violations = validator.validate(new Thing(""));

    Problem p =
        problem(mappers.violations(new ConstraintViolationException(violations), request()));

    assertEquals(400, p.status());
    assertEquals("validation_failed", p.code());
    assertEquals("short_name", p.errors().getFirst().field());
    assertEquals("NotBlank", p.errors().getFirst().rule());
    assertTrue(p.detail().startsWith("short_name: "), p.detail());
    assertEquals("/v1/things", p.instance());
    assertEquals("corr-1", p.correlationId());
  }

  @Test
  void brokenJsonIsAMalformedBody() {
    Problem p =
        problem(mappers.json(new JsonParseException(null, "Unexpected character"), request()));

    assertEquals(400, p.status());
    assertEquals("malformed_body", p.code());
    assertEquals("body", p.errors().getFirst().field());
    assertEquals("json_syntax", p.errors().getFirst().rule());
  }

  @Test
  void anEngramExceptionKeepsItsCodeAndViolations() {
    Problem p =
        problem(mappers.engram(EngramException.invalid("k", "range", "too big"), request()));

    assertEquals(400, p.status());
    assertEquals("validation_failed", p.code());
    assertEquals(List.of(new FieldViolation("k", "range", "too big")), p.errors());
  }

  @Test
  void withoutAKeyTheAnswerAsksForOne() {
    Response response = mappers.unauthenticated(new UnauthorizedException(), request());

    assertEquals(401, response.getStatus());
    assertEquals("Bearer realm=\"engram\"", response.getHeaderString("WWW-Authenticate"));
    assertEquals("Send Authorization: Bearer <key>", problem(response).detail());
  }

  @Test
  void anUnknownKeyIsToldSo() {
    Map<String, String> headers = new HashMap<>();
    headers.put("Authorization", "Bearer nope");
    Problem p =
        problem(
            mappers.unauthenticated(
                new UnauthorizedException(), request("GET", "/v1/things", headers)));

    assertTrue(p.detail().startsWith("The API key is not recognised"), p.detail());
  }

  @Test
  void aForbiddenCallNamesTheMethodAndPath() {
    Problem p = problem(mappers.forbidden(new ForbiddenException(), request()));

    assertEquals(403, p.status());
    assertEquals("This API key does not have a role that may call POST /v1/things", p.detail());
  }

  @Test
  void aBareStatusFromTheFrameworkGetsItsSharedCode() {
    Problem p = problem(mappers.web(new WebApplicationException(404), request()));

    assertEquals(404, p.status());
    assertEquals("not_found", p.code());
    assertEquals("Nothing at /v1/things", p.detail());
  }

  @Test
  void anUnexpectedErrorShowsNoInternalsButTheCorrelationId() {
    Problem p = problem(mappers.unexpected(new IllegalStateException("SELECT secret"), request()));

    assertEquals(500, p.status());
    assertEquals("internal_error", p.code());
    assertEquals(
        "An unexpected error occurred; quote correlation id corr-1 when reporting it", p.detail());
  }
}
