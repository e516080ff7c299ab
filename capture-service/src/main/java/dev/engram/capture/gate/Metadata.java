package dev.engram.capture.gate;

import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Metadata of exchanges and memories reaches the model like their text does: keys are identifiers
 * (a slug, not a sentence), and values are scanned by the gate with the text ({@link
 * PoisoningGate#check(String, String, java.util.Map)}).
 */
public final class Metadata {

  /** A letter or digit, then letters, digits and {@code _.:-}; at most 64. */
  public static final String KEY = "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$";

  private Metadata() {}

  /** A metadata key: {@link #KEY}. */
  @Documented
  @Pattern(regexp = KEY)
  @ReportAsSingleViolation
  @Constraint(validatedBy = {})
  @Target(TYPE_USE)
  @Retention(RUNTIME)
  public @interface Key {

    String message() default
        "keys must be 1-64 letters, digits or _.:- and start with a letter or digit";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
  }
}
