package dev.engram.console.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Rules every template keeps, read from the sources so a new page cannot slip past them. */
class TemplatesTest {

  private static final Path TEMPLATES = Path.of("src/main/resources/templates");
  private static final Pattern POST_FORM =
      Pattern.compile(
          "<form method=\"post\" action=\"([^\"]+)\"[^>]*>(.*?)</form>", Pattern.DOTALL);
  private static final Pattern TOKEN_FIELD =
      Pattern.compile("<input type=\"hidden\" name=\"csrf\" value=\"\\{(person\\.)?csrf}\">");
  private static final Pattern POST_BUTTON = Pattern.compile("\\{#postButton [^}]*?/}");
  private static final Pattern UNESCAPED = Pattern.compile("\\.raw\\b|\\|raw\\b|\\.safe\\b");

  private static List<Path> templates() throws IOException {
    try (Stream<Path> files = Files.walk(TEMPLATES)) {
      return files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
    }
  }

  @Test
  void everyPostFormButSignInCarriesTheToken() throws IOException {
    int forms = 0;
    int buttons = 0;
    for (Path t : templates()) {
      String template = Files.readString(t);
      Matcher m = POST_FORM.matcher(template);
      while (m.find()) {
        forms++;
        if (!m.group(1).equals("/sign-in")) {
          assertTrue(
              TOKEN_FIELD.matcher(m.group(2)).find(),
              t + ": the form to " + m.group(1) + " has no token");
        }
      }
      Matcher b = POST_BUTTON.matcher(template);
      while (b.find()) {
        buttons++;
        assertTrue(b.group().contains(" csrf=person.csrf "), t + ": " + b.group());
      }
    }
    assertEquals(
        8,
        forms,
        "sign-in, supersede, the post button tag, the verdict tag, a memory's edit, a note's save,"
            + " create and delete");
    assertEquals(
        11,
        buttons,
        "sign-out, forget, release, delete, approve, reject, take a backup, verify, run an audit,"
            + " delete an injection record, a chat's");
  }

  @Test
  void nothingIsRenderedUnescaped() throws IOException {
    for (Path t : templates()) {
      assertFalse(UNESCAPED.matcher(Files.readString(t)).find(), t + " renders raw text");
    }
  }

  @Test
  void everyPageSaysItsLanguageAndHasAMainLandmarkAndAHeading() throws IOException {
    String layout = Files.readString(TEMPLATES.resolve("layout.html"));
    assertTrue(layout.contains("<html lang=\"en\">"));
    assertTrue(layout.contains("<main id=\"main\">"));
    for (Path t : templates()) {
      if (!t.getFileName().toString().equals("layout.html") && !t.getParent().endsWith("tags")) {
        String page = Files.readString(t);
        assertTrue(page.startsWith("{#include layout}"), t + " is not in the layout");
        assertTrue(page.contains("<h1>"), t + " has no heading");
      }
    }
  }
}
