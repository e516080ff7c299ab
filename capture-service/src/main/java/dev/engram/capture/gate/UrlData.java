package dev.engram.capture.gate;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether a URL is a channel out of the conversation: it points to another host and carries data
 * the model was told to fill in. Decided on the URL's parts, not on parameter names an attacker
 * picks freely.
 */
final class UrlData {

  private static final Pattern TEMPLATE =
      Pattern.compile(
          "\\{\\{|\\$\\{|%7B%7B|%24%7B|\\{[A-Za-z_]{3,}\\}|<[A-Z_]{3,}>|\\[[A-Z_]{3,}\\]");

  /** Parameter names that only exist to carry conversation data (kept from the first gate). */
  private static final Pattern DATA_NAME =
      Pattern.compile(
          "(?i)^(d|data|payload|secret|token|key|password|pwd|session|cookie|chat|history|memory"
              + "|conversation|exfil|content|msg|message)$");

  /** Known credential shapes, JWTs, and long mixed letter-digit blobs. */
  private static final Pattern SECRET =
      Pattern.compile(
          "sk-[A-Za-z0-9_-]{12,}|AKIA[0-9A-Z]{12,}|gh[pousr]_[A-Za-z0-9]{16,}|xox[abpors]-[A-Za-z0-9-]{8,}"
              + "|eyJ[A-Za-z0-9_-]{8,}|[A-Za-z0-9+/_=%-]{24,}");

  /** A placeholder written in capitals: SECRET, API_KEY, USER_DATA. */
  private static final Pattern PLACEHOLDER = Pattern.compile("[A-Z][A-Z0-9_]{3,}");

  private UrlData() {}

  /** Absolute http(s) or protocol-relative URL to a host other than this machine. */
  static boolean external(String url) {
    String host = host(url);
    return host != null
        && !host.isEmpty()
        && !host.equals("localhost")
        && !host.startsWith("127.")
        && !host.equals("[::1]");
  }

  /**
   * For images, which load without a click: any query or fragment value, a long opaque path
   * segment, a long label in the host name, or a placeholder.
   */
  static boolean carriesData(String url) {
    if (TEMPLATE.matcher(url).find()) {
      return true;
    }
    String query = part(url, '?', '#');
    for (String pair : query.split("&")) {
      int eq = pair.indexOf('=');
      if (eq >= 0 ? eq + 1 < pair.length() : pair.length() >= 8) {
        return true;
      }
    }
    if (part(url, '#', (char) 0).length() >= 4) {
      return true;
    }
    String host = host(url);
    for (String label : host.split("\\.")) {
      if (label.length() >= 24 || (label.length() >= 12 && opaque(label))) {
        return true;
      }
    }
    for (String segment : path(url).split("/")) {
      if (segment.length() >= 32 && opaque(segment)) {
        return true;
      }
    }
    return false;
  }

  /**
   * For links: a placeholder, a value that looks like a secret or an encoded blob, or a parameter
   * named for data — whatever else the parameter is called.
   */
  static boolean carriesSecrets(String url) {
    if (TEMPLATE.matcher(url).find()) {
      return true;
    }
    String params = part(url, '?', '#') + "&" + part(url, '#', (char) 0);
    for (String pair : params.split("&")) {
      int eq = pair.indexOf('=');
      String name = eq < 0 ? "" : pair.substring(0, eq);
      String value = eq < 0 ? pair : pair.substring(eq + 1);
      if (value.isEmpty()) {
        continue;
      }
      if (DATA_NAME.matcher(name).matches()
          || PLACEHOLDER.matcher(value).matches()
          || (SECRET.matcher(value).find() && opaque(value))) {
        return true;
      }
    }
    return false;
  }

  /** Letters and digits mixed, or a long run without the separators that words and slugs have. */
  static boolean opaque(String s) {
    boolean digit = s.chars().anyMatch(Character::isDigit);
    boolean letter = s.chars().anyMatch(Character::isLetter);
    long separators = s.chars().filter(c -> c == '-' || c == '_' || c == '.' || c == '+').count();
    return (digit && letter) || (s.length() >= 32 && separators * 10 < s.length());
  }

  static String host(String url) {
    String lower = url.strip().toLowerCase(Locale.ROOT);
    int start;
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      start = lower.indexOf("//") + 2;
    } else if (lower.startsWith("//")) {
      start = 2;
    } else {
      return null;
    }
    int end = start;
    while (end < lower.length() && "/?#".indexOf(lower.charAt(end)) < 0) {
      end++;
    }
    String authority = lower.substring(start, end);
    authority = authority.substring(authority.lastIndexOf('@') + 1);
    int colon = authority.lastIndexOf(':');
    return colon > 0 && !authority.endsWith("]") ? authority.substring(0, colon) : authority;
  }

  private static String path(String url) {
    String rest = url.substring(Math.max(0, url.indexOf("//") + 2));
    int slash = rest.indexOf('/');
    if (slash < 0) {
      return "";
    }
    String path = rest.substring(slash);
    int cut = path.length();
    for (char c : new char[] {'?', '#'}) {
      int i = path.indexOf(c);
      cut = i >= 0 ? Math.min(cut, i) : cut;
    }
    return path.substring(0, cut);
  }

  /** The text after {@code start} up to {@code end} (0: to the end); empty when absent. */
  private static String part(String url, char start, char end) {
    int from = url.indexOf(start);
    if (from < 0) {
      return "";
    }
    int to = end == 0 ? -1 : url.indexOf(end, from + 1);
    return url.substring(from + 1, to < 0 ? url.length() : to);
  }
}
