package dev.engram.launcher;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why the suite's MCP endpoint could not be used, in words a person at a desktop client can act on
 * (the suite is down, the key was refused, the rate limit was hit), never a Java stack.
 */
final class UpstreamFailure extends Exception {

  /** How the SDK's HTTP transport reports an HTTP status it does not handle itself. */
  private static final Pattern STATUS = Pattern.compile("Status code: ?(\\d{3})");

  UpstreamFailure(String message) {
    super(message);
  }

  /** An error result for a tool call that did not reach the suite or was refused by it. */
  static McpSchema.CallToolResult result(Throwable failure, URI endpoint) {
    return McpSchema.CallToolResult.builder()
        .content(List.of(new McpSchema.TextContent(describe(failure, endpoint))))
        .isError(true)
        .build();
  }

  static String describe(Throwable failure, URI endpoint) {
    McpHttpClientTransportAuthorizationException refused =
        find(failure, McpHttpClientTransportAuthorizationException.class);
    if (refused != null) {
      int status = refused.getResponseInfo().statusCode();
      return status == 403
          ? "Engram refused the API key at " + endpoint + " (HTTP 403): it lacks the agent role"
          : "Engram refused the API key at "
              + endpoint
              + " (HTTP "
              + status
              + "): check ENGRAM_API_KEY (./engram key list shows the keys)";
    }
    Integer status = status(failure);
    if (status != null && status == 429) {
      return "Engram's rate limit for this key was reached at "
          + endpoint
          + " (HTTP 429): retry"
          + " in a few seconds";
    }
    if (status != null && status == 404) {
      return "no MCP endpoint at " + endpoint + " (HTTP 404): ENGRAM_URL must be recall-service's";
    }
    if (status != null) {
      return "Engram answered HTTP " + status + " at " + endpoint;
    }
    if (find(failure, TimeoutException.class) != null || mentions(failure, "Timeout on blocking")) {
      return "Engram did not answer within "
          + UpstreamMcp.CALL_TIMEOUT.toSeconds()
          + " s at "
          + endpoint;
    }
    IOException io = find(failure, IOException.class);
    if (io != null) {
      String why = io instanceof ConnectException ? "connection refused" : text(io);
      return "Engram is unreachable at "
          + endpoint
          + " ("
          + why
          + "): is the suite running? (./engram status)";
    }
    return "the call to Engram at " + endpoint + " failed: " + text(root(failure));
  }

  static boolean causedBy(Throwable failure, Class<? extends Throwable> type) {
    return find(failure, type) != null;
  }

  private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  private static Integer status(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      Matcher m = STATUS.matcher(String.valueOf(t.getMessage()));
      if (m.find()) {
        return Integer.valueOf(m.group(1));
      }
    }
    return null;
  }

  static boolean mentions(Throwable failure, String words) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (String.valueOf(t.getMessage()).contains(words)) {
        return true;
      }
    }
    return false;
  }

  private static Throwable root(Throwable failure) {
    Throwable t = failure;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  /** A one-line message: the SDK's messages can carry whole response dumps. */
  private static String text(Throwable t) {
    String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    message = message.lines().findFirst().orElse("").strip();
    return message.length() > 200 ? message.substring(0, 200) + "…" : message;
  }
}
