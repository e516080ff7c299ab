package dev.engram.graph.schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One versioned Cypher file under {@code src/main/resources/neo4j/}, named {@code
 * V<version>__<description>.cypher}: its statements (one per {@code ;}, {@code //} comment lines
 * ignored) and a checksum that reveals an edited file after it was applied.
 */
record SchemaMigration(
    String version, String description, String checksum, List<String> statements) {

  static final String LOCATION = "neo4j/";
  private static final Pattern NAME = Pattern.compile("(V\\d+)__(\\w+)\\.cypher");

  /** Reads a migration from the classpath; a missing or misnamed file is a packaging bug. */
  static SchemaMigration load(String fileName) {
    Matcher name = NAME.matcher(fileName);
    if (!name.matches()) {
      throw new IllegalStateException("Not a migration file name: " + fileName);
    }
    String text;
    try (InputStream in =
        Thread.currentThread().getContextClassLoader().getResourceAsStream(LOCATION + fileName)) {
      if (in == null) {
        throw new IllegalStateException("Missing graph migration " + LOCATION + fileName);
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new SchemaMigration(
        name.group(1), name.group(2).replace('_', ' '), sha256(text), statements(text));
  }

  static List<String> statements(String text) {
    String withoutComments =
        String.join("\n", text.lines().filter(line -> !line.strip().startsWith("//")).toList());
    return Arrays.stream(withoutComments.split(";"))
        .map(String::strip)
        .filter(statement -> !statement.isEmpty())
        .toList();
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
