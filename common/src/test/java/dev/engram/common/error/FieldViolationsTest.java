package dev.engram.common.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import jakarta.validation.Valid;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import java.util.List;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.Test;

/** Field paths as the client wrote them, from bean validation and from Jackson. */
class FieldViolationsTest {

  private static final Validator VALIDATOR =
      Validation.byDefaultProvider()
          .configure()
          .messageInterpolator(new ParameterMessageInterpolator())
          .buildValidatorFactory()
          .getValidator();

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  record Line(@NotBlank String spokenText, int pageSize) {}

  record Body(@Valid List<Line> chatLines, @Valid Line firstLine) {}

  /** Stands for a resource method: its parameters are validated like JAX-RS does. */
  static class Endpoint {
    public void create(@Valid Body body) {}

    public void list(@Min(1) int pageSize) {}
  }

  private static FieldViolation only(
      java.util.Set<? extends jakarta.validation.ConstraintViolation<?>> violations) {
    assertEquals(1, violations.size());
    return FieldViolations.of(violations.iterator().next());
  }

  @Test
  void aNestedRecordFieldIsNamedByItsSnakeCasePath() {
    Body body = new Body(List.of(new Line("hi", 1), new Line(" ", 1)), new Line("x", 1));

    FieldViolation violation = only(VALIDATOR.validate(body));

    assertEquals("chat_lines[1].spoken_text", violation.field());
    assertEquals("NotBlank", violation.rule());
  }

  @Test
  void theMethodAndBodyParameterAreLeftOutOfTheBodyPath() throws NoSuchMethodException {
    Body body = new Body(List.of(), new Line("", 1));

    FieldViolation violation =
        only(
            VALIDATOR
                .forExecutables()
                .validateParameters(
                    new Endpoint(),
                    Endpoint.class.getMethod("create", Body.class),
                    new Object[] {body}));

    assertEquals("first_line.spoken_text", violation.field());
  }

  @Test
  void aViolatedQueryParameterIsNamedItself() throws NoSuchMethodException {
    FieldViolation violation =
        only(
            VALIDATOR
                .forExecutables()
                .validateParameters(
                    new Endpoint(), Endpoint.class.getMethod("list", int.class), new Object[] {0}));

    assertEquals("page_size", violation.field());
    assertEquals("Min", violation.rule());
  }

  private static JsonProcessingException readError(String json) {
    return assertThrows(JsonProcessingException.class, () -> JSON.readValue(json, Body.class));
  }

  @Test
  void aValueOfTheWrongTypeNamesTheFieldAndWhatWasExpected() {
    JsonProcessingException e = readError("{\"chat_lines\": [{\"page_size\": \"many\"}]}");

    assertEquals(
        List.of(
            new FieldViolation(
                "chat_lines[0].page_size",
                "json_type",
                "chat_lines[0].page_size: cannot read 'many' as a number")),
        FieldViolations.ofJson(e));
  }

  @Test
  void anUnknownFieldIsNamed() {
    JsonProcessingException e = readError("{\"first_line\": {\"colour\": 1}}");

    assertEquals("Unknown field 'colour' at first_line.colour", FieldViolations.describe(e));
    assertEquals("unknown_field", FieldViolations.ofJson(e).getFirst().rule());
    assertEquals("first_line.colour", FieldViolations.ofJson(e).getFirst().field());
  }

  @Test
  void anObjectWhereAnArrayBelongsSaysAnArray() {
    JsonProcessingException e = readError("{\"chat_lines\": {}}");

    assertEquals("chat_lines: expected an array", FieldViolations.describe(e));
  }

  @Test
  void brokenJsonIsTheBodyWithItsPosition() {
    JsonProcessingException e = readError("{chat_lines: []}");

    assertTrue(
        FieldViolations.describe(e).startsWith("The body is not valid JSON (line 1, column "),
        FieldViolations.describe(e));
    assertEquals(
        List.of(new FieldViolation("body", "json_syntax", "The body is not valid JSON")),
        FieldViolations.ofJson(e));
  }
}
