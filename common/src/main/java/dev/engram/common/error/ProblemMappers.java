package dev.engram.common.error;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.engram.common.correlation.CorrelationId;
import io.quarkus.hibernate.validator.runtime.jaxrs.ResteasyReactiveViolationException;
import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * Renders every error a REST endpoint can raise as application/problem+json with a stable code. A
 * client never sees a stack trace, a class name or SQL: unexpected errors are logged with the
 * correlation id and answered with a generic 500 that quotes it.
 */
public class ProblemMappers {

  private static final Logger LOG = Logger.getLogger(ProblemMappers.class);

  /** An extension an error may carry: it is also sent as the Retry-After header. */
  public static final String RETRY_AFTER_SECONDS = "retry_after_seconds";

  @ServerExceptionMapper
  public Response engram(EngramException e, HttpServerRequest request) {
    if (e.error().status() >= 500) {
      LOG.warnf("%s [%s]: %s", e.error().code(), CorrelationId.of(request), e.getMessage());
    }
    Response response = render(request, e.error(), e.getMessage(), e.violations(), e.extensions());
    if (e.extensions().get(RETRY_AFTER_SECONDS) instanceof Number seconds) {
      return Response.fromResponse(response).header("Retry-After", seconds.longValue()).build();
    }
    return response;
  }

  @ServerExceptionMapper
  public Response violations(ResteasyReactiveViolationException e, HttpServerRequest request) {
    boolean onResponse =
        e.getConstraintViolations().stream()
            .anyMatch(
                v -> {
                  for (Path.Node node : v.getPropertyPath()) {
                    if (node.getKind() == ElementKind.RETURN_VALUE) {
                      return true;
                    }
                  }
                  return false;
                });
    if (onResponse) {
      LOG.errorf(e, "Response failed validation [%s]", CorrelationId.of(request));
      return render(request, CommonError.INTERNAL, internalDetail(request), List.of(), Map.of());
    }
    return violations((ConstraintViolationException) e, request);
  }

  @ServerExceptionMapper
  public Response violations(ConstraintViolationException e, HttpServerRequest request) {
    List<FieldViolation> errors =
        e.getConstraintViolations().stream()
            .map(FieldViolations::of)
            .sorted(Comparator.comparing(FieldViolation::field))
            .toList();
    String detail =
        errors.isEmpty()
            ? "The request is not valid"
            : errors.stream()
                .map(v -> v.field() + ": " + v.message())
                .reduce((a, b) -> a + "; " + b)
                .orElseThrow();
    return render(request, CommonError.VALIDATION_FAILED, detail, errors, Map.of());
  }

  @ServerExceptionMapper
  public Response json(JsonProcessingException e, HttpServerRequest request) {
    return render(
        request,
        CommonError.MALFORMED_BODY,
        FieldViolations.describe(e),
        FieldViolations.ofJson(e),
        Map.of());
  }

  // Quarkus maps these subtypes itself (in its own format); the closest mapper wins, so each is
  // named here to keep every JSON error in problem+json.

  @ServerExceptionMapper
  public Response json(MismatchedInputException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response json(InvalidFormatException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response json(UnrecognizedPropertyException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response json(JsonParseException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response json(ValueInstantiationException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response json(JsonMappingException e, HttpServerRequest request) {
    return json((JsonProcessingException) e, request);
  }

  @ServerExceptionMapper
  public Response unauthenticated(UnauthorizedException e, HttpServerRequest request) {
    return unauthenticated(request);
  }

  @ServerExceptionMapper
  public Response unauthenticated(AuthenticationFailedException e, HttpServerRequest request) {
    return unauthenticated(request);
  }

  @ServerExceptionMapper
  public Response unauthenticated(AuthenticationCompletionException e, HttpServerRequest request) {
    return unauthenticated(request);
  }

  @ServerExceptionMapper
  public Response forbidden(ForbiddenException e, HttpServerRequest request) {
    return render(
        request,
        CommonError.FORBIDDEN,
        "This API key does not have a role that may call "
            + request.method()
            + " "
            + request.path(),
        List.of(),
        Map.of());
  }

  @ServerExceptionMapper
  public Response web(WebApplicationException e, HttpServerRequest request) {
    Throwable cause = e.getCause();
    if (cause instanceof JsonProcessingException json) {
      return json(json, request);
    }
    int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
    CommonError error = CommonError.forStatus(status);
    if (status >= 500) {
      LOG.errorf(e, "Request failed [%s]", CorrelationId.of(request));
      return render(request, error, internalDetail(request), List.of(), Map.of());
    }
    String detail =
        switch (status) {
          case 404 -> "Nothing at " + request.path();
          case 405 -> request.method() + " is not allowed on " + request.path();
          case 415 -> "Send the body as application/json";
          case 406 -> "This endpoint answers application/json";
          case 400 ->
              cause == null ? "The request cannot be processed" : "The request body cannot be read";
          default -> error.title();
        };
    return render(request, error, detail, List.of(), Map.of());
  }

  @ServerExceptionMapper(priority = jakarta.ws.rs.Priorities.USER + 1000)
  public Response unexpected(Throwable e, HttpServerRequest request) {
    LOG.errorf(e, "Unexpected error [%s]", CorrelationId.of(request));
    return render(request, CommonError.INTERNAL, internalDetail(request), List.of(), Map.of());
  }

  /** What a 401 tells the caller to do; public so route filters answer alike. */
  public static String unauthenticatedDetail(HttpServerRequest request) {
    return request.getHeader("Authorization") != null
        ? "The API key is not recognised; send Authorization: Bearer <key> with a configured key"
        : "Send Authorization: Bearer <key>";
  }

  private static Response unauthenticated(HttpServerRequest request) {
    String detail = unauthenticatedDetail(request);
    Response response = render(request, CommonError.UNAUTHENTICATED, detail, List.of(), Map.of());
    return Response.fromResponse(response)
        .header("WWW-Authenticate", "Bearer realm=\"engram\"")
        .build();
  }

  private static String internalDetail(HttpServerRequest request) {
    return "An unexpected error occurred; quote correlation id "
        + CorrelationId.of(request)
        + " when reporting it";
  }

  /** Builds the problem response; public so non-JAX-RS handlers (route filters) answer alike. */
  public static Response render(
      HttpServerRequest request,
      ErrorCode error,
      String detail,
      List<FieldViolation> errors,
      Map<String, Object> extensions) {
    Problem problem =
        Problem.of(
            error,
            detail,
            request == null ? null : request.path(),
            request == null ? null : CorrelationId.of(request),
            errors,
            extensions);
    return Response.status(error.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
  }
}
