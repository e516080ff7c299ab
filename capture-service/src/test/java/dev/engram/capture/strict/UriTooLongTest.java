package dev.engram.capture.strict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Issue 12: a request line over the HTTP layer's 4 KiB default closed the connection unanswered. A
 * URI over {@code engram.http.max-uri-bytes} is a 414 problem+json; a long one under it is served.
 * Sent on a raw socket, since an HTTP client may refuse or split such a request itself.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class UriTooLongTest {

  @TestHTTPResource("/")
  URL base;

  @Test
  void aUriOverTheLimitIsA414ProblemNotAClosedConnection() throws IOException {
    String answer = get("/v1/memories?agent=bot&q=" + "a".repeat(20_000));
    assertTrue(answer.startsWith("HTTP/1.1 414"), head(answer));
    assertTrue(answer.contains("application/problem+json"), head(answer));
    assertTrue(answer.contains("\"code\":\"uri_too_long\""), answer);
  }

  @Test
  void aLongUriUnderTheLimitIsStillServed() throws IOException {
    // 6 KiB: over the HTTP layer's former 4 KiB request line, under our 8 KiB; the unknown
    // parameter is ignored by the list.
    String answer = get("/v1/memories?agent=bot&x=" + "c".repeat(6_000));
    assertEquals("HTTP/1.1 200", head(answer).substring(0, Math.min(12, head(answer).length())));
  }

  private String get(String target) throws IOException {
    try (Socket socket = new Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET "
                  + target
                  + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
                  + TestKeys.bearer(TestKeys.AGENT)
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      in.transferTo(answer);
      return answer.toString(StandardCharsets.UTF_8);
    }
  }

  private static String head(String answer) {
    return answer.isEmpty()
        ? "(connection closed without an answer)"
        : answer.lines().findFirst().orElse("");
  }
}
