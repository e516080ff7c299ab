package dev.engram.capture.gate;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.RECORD_COMPONENT;
import static java.lang.annotation.ElementType.TYPE_USE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * A short field that reaches a prompt but is no free text (a speaker's name): anything the
 * poisoning gate flags is refused outright (400) rather than stored quarantined, since a name has
 * no honest reason to look like an instruction. The message is fixed: the flagged text is never put
 * into a message template, which would interpolate it.
 */
@Documented
@Constraint(validatedBy = GateClean.Validator.class)
@Target({FIELD, PARAMETER, RECORD_COMPONENT, TYPE_USE})
@Retention(RUNTIME)
public @interface GateClean {

  String message() default "must be a name, not text the poisoning gate flags";

  Class<?>[] groups() default {};

  Class<? extends Payload>[] payload() default {};

  /** Checks the value with the same scanner the gate uses for texts. */
  class Validator implements ConstraintValidator<GateClean, String> {

    private static final InjectionScanner SCANNER = new InjectionScanner();

    @Override
    public boolean isValid(String value, ConstraintValidatorContext context) {
      return value == null || SCANNER.scan(value).isEmpty();
    }
  }
}
