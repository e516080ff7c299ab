package dev.engram.graph.support;

import org.hamcrest.Description;
import org.hamcrest.Matcher;
import org.hamcrest.TypeSafeMatcher;

/** A JSON number (REST Assured reads them as floats) close to a double, within 1e-6. */
public final class Near extends TypeSafeMatcher<Number> {

  private final double expected;

  private Near(double expected) {
    super(Number.class);
    this.expected = expected;
  }

  public static Matcher<Number> near(double expected) {
    return new Near(expected);
  }

  @Override
  protected boolean matchesSafely(Number actual) {
    return Math.abs(actual.doubleValue() - expected) <= 1e-6;
  }

  @Override
  public void describeTo(Description description) {
    description.appendText("a number within 1e-6 of ").appendValue(expected);
  }
}
