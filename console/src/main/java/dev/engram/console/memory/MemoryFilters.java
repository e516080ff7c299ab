package dev.engram.console.memory;

import dev.engram.console.client.Query;
import dev.engram.console.web.FormValues;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The memory list's filters as the person chose them. Only the values capture-service knows pass
 * through for category, scope, status and mode (anything else means "any"), so a hand-edited
 * address cannot turn into a 400 from the service.
 */
public record MemoryFilters(
    String agent, String chat, String category, String scope, String status, String mode) {

  /** A mode tag as capture-service checks it; anything else means "any mode". */
  private static final Pattern MODE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");

  static MemoryFilters of(
      String agent, String chat, String category, String scope, String status, String mode) {
    String tag = FormValues.stripped(mode);
    return new MemoryFilters(
        FormValues.stripped(agent),
        FormValues.stripped(chat),
        oneOf(category, MemoryPages.CATEGORIES),
        oneOf(scope, MemoryPages.SCOPES),
        oneOf(status, MemoryPages.STATUSES),
        tag != null && MODE.matcher(tag).matches() ? tag : null);
  }

  /** The filters as capture-service's list query (status ACTIVE when none was chosen). */
  Query query() {
    return Query.of()
        .add("agent", agent)
        .add("chat", chat)
        .add("category", category)
        .add("scope", scope)
        .add("status", status)
        .add("mode", mode);
  }

  public List<String> categories() {
    return MemoryPages.CATEGORIES;
  }

  public List<String> scopes() {
    return MemoryPages.SCOPES;
  }

  public List<String> statuses() {
    return MemoryPages.STATUSES;
  }

  private static String oneOf(String value, List<String> known) {
    return value != null && known.contains(value) ? value : null;
  }
}
