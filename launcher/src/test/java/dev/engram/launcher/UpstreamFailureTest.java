package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpTransportException;
import io.modelcontextprotocol.spec.McpTransportSessionNotFoundException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/** What a person at a desktop client reads when the suite cannot serve a call. */
class UpstreamFailureTest {

  private static final URI ENDPOINT = URI.create("http://127.0.0.1:8082/mcp");

  private static String describe(Throwable t) {
    return UpstreamFailure.describe(new RuntimeException("Client failed", t), ENDPOINT);
  }

  @Test
  void eachFailureSaysWhatToDo() {
    assertEquals(
        "Engram is unreachable at http://127.0.0.1:8082/mcp (connection refused): is the suite"
            + " running? (./engram status)",
        describe(new CompletionException(new ConnectException())));
    assertTrue(describe(refused(401)).contains("refused the API key"), describe(refused(401)));
    assertTrue(describe(refused(401)).contains("HTTP 401"));
    assertTrue(describe(refused(403)).contains("lacks the agent role"));
    assertTrue(
        describe(new McpTransportException("Invalid request. Status code: 429"))
            .contains("rate limit"));
    assertTrue(
        describe(new McpTransportException("Server Not Found. Status code:404, response-event:…"))
            .contains("ENGRAM_URL must be recall-service's"));
    assertTrue(describe(new TimeoutException()).contains("did not answer within 60 s"));
    String other = describe(new IllegalStateException("odd\n\tat some.Frame"));
    assertEquals("the call to Engram at http://127.0.0.1:8082/mcp failed: odd", other);
  }

  @Test
  void aFailedCallIsAnErrorResultAndALostSessionIsRetried() {
    McpSchema.CallToolResult result =
        UpstreamFailure.result(new ConnectException("refused"), ENDPOINT);
    assertTrue(result.isError());
    assertTrue(((McpSchema.TextContent) result.content().get(0)).text().contains("unreachable"));
    assertTrue(
        UpstreamMcp.sessionGone(
            new RuntimeException(new McpTransportSessionNotFoundException("s-1"))));
    assertTrue(UpstreamMcp.sessionGone(new RuntimeException("MCP session with server terminated")));
    assertTrue(!UpstreamMcp.sessionGone(new RuntimeException(new ConnectException())));
  }

  private static McpHttpClientTransportAuthorizationException refused(int status) {
    HttpResponse.ResponseInfo info =
        new HttpResponse.ResponseInfo() {
          @Override
          public int statusCode() {
            return status;
          }

          @Override
          public HttpHeaders headers() {
            return HttpHeaders.of(Map.of(), (a, b) -> true);
          }

          @Override
          public HttpClient.Version version() {
            return HttpClient.Version.HTTP_1_1;
          }
        };
    return new McpHttpClientTransportAuthorizationException("Authorization error", null, info);
  }
}
