package dev.engram.e2e;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The console pages {@link TenantIsolationIT} asks as tenant B, filled in with tenant A's agent,
 * chat, a name A wrote about and A's memory ids: the lists, the search, each memory's page, the
 * review page, the day log and the health page.
 */
final class ConsoleIsolation {

  private static final Pattern MEMORY_LINK = Pattern.compile("href=\"/memories/(\\d+)\"");

  private final String agent;
  private final String chat;
  private final String query;
  private final List<Long> memoryIds;

  ConsoleIsolation(String agent, String chat, String query, List<Long> memoryIds) {
    this.agent = agent;
    this.chat = chat;
    this.query = query;
    this.memoryIds = List.copyOf(memoryIds);
  }

  /** The pages on which A's own key sees A's data (the control). */
  List<String> withTenantAData() {
    String today = LocalDate.now(ZoneOffset.UTC).toString();
    List<String> pages = new ArrayList<>();
    pages.add("/memories");
    pages.add("/memories?agent=" + agent);
    pages.add("/memories?agent=" + agent + "&chat=" + chat);
    pages.add("/search?q=" + query + "&agent=" + agent + "&chat=" + chat + "&k=20");
    pages.add("/search?q=" + query + "&agent=" + agent + "&k=20");
    memoryIds.forEach(id -> pages.add("/memories/" + id));
    pages.add("/review");
    pages.add("/conversations?agent=" + agent + "&chat=" + chat + "&date=" + today);
    return pages;
  }

  /** Every page asked as B: those, and the tenant's numbers. */
  List<String> all() {
    List<String> pages = new ArrayList<>(withTenantAData());
    pages.add("/health");
    return pages;
  }

  /** A link to one of A's memories in {@code html}, one line each. */
  List<String> linksToTenantA(String call, String html) {
    List<String> found = new ArrayList<>();
    Matcher link = MEMORY_LINK.matcher(html);
    while (link.find()) {
      if (memoryIds.contains(Long.parseLong(link.group(1)))) {
        found.add(call + " links to tenant A's " + link.group());
      }
    }
    return found;
  }
}
