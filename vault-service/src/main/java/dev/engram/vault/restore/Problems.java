package dev.engram.vault.restore;

import dev.engram.common.error.Problem;
import dev.engram.vault.archive.ArchiveJson;
import java.io.IOException;

/** The code and detail of a service's problem+json answer, for a job's problem detail. */
final class Problems {

  private Problems() {}

  /** {@code ": <code>: <detail>"} (the title when there is no detail), or empty for no problem. */
  static String describe(byte[] body) {
    Problem problem;
    try {
      problem = ArchiveJson.MAPPER.readValue(body, Problem.class);
    } catch (IOException e) {
      return "";
    }
    if (problem == null) {
      return "";
    }
    String code = orEmpty(problem.code());
    String detail = problem.detail() != null ? problem.detail() : orEmpty(problem.title());
    return (code.isEmpty() ? "" : ": " + code) + (detail.isEmpty() ? "" : ": " + detail);
  }

  private static String orEmpty(String value) {
    return value == null ? "" : value;
  }
}
