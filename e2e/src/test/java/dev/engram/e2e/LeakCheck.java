package dev.engram.e2e;

import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Looks for tenant A in the answers tenant B gets: A's marker and A's memory ids, one finding a
 * line, plus every 5xx. Keeps the findings, the statuses of each call and how many were checked.
 */
final class LeakCheck {

  private final String marker;
  private final List<String> names;
  private final List<Long> memoryIds;
  private final List<String> leaks = new ArrayList<>();
  private final Map<String, List<Integer>> statuses = new TreeMap<>();
  private int checked;

  /**
   * @param marker the word every text and name of A holds, lower case
   * @param names A's names that B may send (and see echoed), longest first so that none is cut
   *     inside a longer one
   * @param memoryIds A's memory ids, read at each check (filled in as A writes)
   */
  LeakCheck(String marker, List<String> names, List<Long> memoryIds) {
    this.marker = marker;
    this.names = List.copyOf(names);
    this.memoryIds = memoryIds;
  }

  void check(String call, String sent, Response response) {
    statuses.computeIfAbsent(call, c -> new ArrayList<>()).add(response.statusCode());
    if (response.statusCode() >= 500) {
      leaks.add(call + " -> " + response.statusCode() + " " + response.asString());
    }
    checkText(call + " -> " + response.statusCode(), sent, response.asString());
  }

  /**
   * The answer must not show A's data nor carry A's memory ids. Every text and name of A holds the
   * marker; the names B itself sent in this call may be echoed (a 404 names what was not found), so
   * they are cut out first, and any marker left came from A's records.
   */
  void checkText(String call, String sent, String text) {
    checked++;
    leaks.addAll(findings(call, sent, text));
  }

  /** What {@link #checkText} finds of A in {@code text}, one line each; nothing is kept. */
  List<String> findings(String call, String sent, String text) {
    List<String> found = new ArrayList<>();
    String lower = text.toLowerCase(Locale.ROOT);
    for (String name : names) {
      if (sent.contains(name)) {
        lower = lower.replace(name.toLowerCase(Locale.ROOT), "<sent>");
      }
    }
    if (lower.contains(marker)) {
      found.add(call + " shows tenant A's marker: " + excerpt(lower, lower.indexOf(marker)));
    }
    for (long id : memoryIds) {
      var m = Pattern.compile("\"[a-z_]*id\"\\s*:\\s*\"?" + id + "\"?[,}\\]]").matcher(text);
      if (m.find()) {
        found.add(call + " shows tenant A's memory id " + id + ": " + excerpt(text, m.start()));
      }
    }
    return found;
  }

  /** The findings so far: what B saw of A, and every 5xx. */
  List<String> leaks() {
    return List.copyOf(leaks);
  }

  /** The statuses each call was answered with, by call. */
  Map<String, List<Integer>> statuses() {
    return statuses;
  }

  int checked() {
    return checked;
  }

  /** Forgets the findings, statuses and count (after a control run). */
  void clear() {
    leaks.clear();
    statuses.clear();
    checked = 0;
  }

  private static String excerpt(String text, int at) {
    return text.substring(Math.max(0, at - 120), Math.min(text.length(), at + 120));
  }
}
