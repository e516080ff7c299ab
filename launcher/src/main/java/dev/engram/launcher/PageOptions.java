package dev.engram.launcher;

import java.io.PrintStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/** {@code --limit N --cursor C} of a listing verb, as capture's paged REST takes them. */
final class PageOptions {

  @Option(names = "--limit", paramLabel = "N", description = "at most N (default 50)")
  Integer limit;

  @Option(names = "--cursor", paramLabel = "C", description = "the page after C (list prints it)")
  String cursor;

  /** {@code path?filter=value&limit=N&cursor=C}; the filter left out when {@code value} is null. */
  String path(String path, String filter, Object value) {
    List<String> query = new ArrayList<>();
    if (value != null) {
      query.add(filter + "=" + value);
    }
    query.add("limit=" + MemoryCommands.atLeastOne("--limit", limit, 50));
    if (cursor != null) {
      query.add("cursor=" + URLEncoder.encode(cursor, StandardCharsets.UTF_8));
    }
    return path + "?" + String.join("&", query);
  }

  /**
   * Prints a page of a listing: each of its items, {@code none} when it has none, then where the
   * next page starts. A null page (the call failed and has said so) prints nothing.
   */
  static void print(
      Map<String, Object> page, PrintStream out, String none, Consumer<Map<String, Object>> item) {
    if (page == null) {
      return;
    }
    List<Object> items = ServiceClient.asList(page.get("items"));
    if (items.isEmpty()) {
      out.println(none);
    }
    items.forEach(o -> item.accept(ServiceClient.asMap(o)));
    printNext(page, out);
  }

  /** {@code more: --cursor C} when the page says there is more. */
  static void printNext(Map<String, Object> page, PrintStream out) {
    if (page.get("next_cursor") != null) {
      out.println("more: --cursor " + page.get("next_cursor"));
    }
  }
}
