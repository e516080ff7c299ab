package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class NamesTest {

  private static final Pattern NAME = Pattern.compile(Names.PATTERN);
  private static final Pattern SLUG = Pattern.compile(Names.SLUG);

  @Test
  void aNameIsOneTo200PrintableCharactersNotStartingWithSpace() {
    assertTrue(NAME.matcher("agent-1").matches());
    assertTrue(NAME.matcher("Chat with Ana: plans").matches());
    assertTrue(NAME.matcher("x".repeat(200)).matches());
    assertFalse(NAME.matcher("").matches());
    assertFalse(NAME.matcher(" agent").matches());
    assertFalse(NAME.matcher("agent\n1").matches());
    assertFalse(NAME.matcher("x".repeat(201)).matches());
  }

  @Test
  void aSlugIsALowerCaseWord() {
    assertTrue(SLUG.matcher("persona").matches());
    assertTrue(SLUG.matcher("house_rules.v2-b").matches());
    assertFalse(SLUG.matcher("Persona").matches());
    assertFalse(SLUG.matcher("2nd").matches());
    assertFalse(SLUG.matcher("a".repeat(65)).matches());
  }
}
