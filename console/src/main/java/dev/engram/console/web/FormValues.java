package dev.engram.console.web;

/** What a person typed into a form field, as the pages use it. */
public final class FormValues {

  private FormValues() {}

  /** The value without surrounding blanks; null when nothing was typed. */
  public static String stripped(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
