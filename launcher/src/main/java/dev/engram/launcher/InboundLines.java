package dev.engram.launcher;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;

/**
 * The client's stdin as the SDK's stdio server reads it: one JSON-RPC message per line. A line that
 * is not one (a blank line, a stray word) is dropped with a note on stderr: the SDK would stop
 * reading at it and leave the client hanging. The end of stdin counts {@link #closed()} down.
 */
final class InboundLines {

  private static final int PIPE_BYTES = 1 << 20;

  private final CountDownLatch closed = new CountDownLatch(1);
  private final PipedInputStream messages;
  private final PipedOutputStream sink;

  InboundLines(InputStream stdin, McpJsonMapper json, PrintStream err) {
    try {
      messages = new PipedInputStream(PIPE_BYTES);
      sink = new PipedOutputStream(messages);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread pump = new Thread(() -> pump(stdin, json, err), "engram-mcp-stdin");
    pump.setDaemon(true);
    pump.start();
  }

  /** What the SDK reads: the valid messages, newline-terminated. */
  InputStream messages() {
    return messages;
  }

  /** Counted down when the client has closed stdin. */
  CountDownLatch closed() {
    return closed;
  }

  private void pump(InputStream stdin, McpJsonMapper json, PrintStream err) {
    try (BufferedReader lines =
            new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8));
        sink) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        try {
          McpSchema.deserializeJsonRpcMessage(json, line);
        } catch (IOException | RuntimeException e) {
          err.println("engram mcp: ignored a line of stdin that is not a JSON-RPC message");
          continue;
        }
        sink.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        sink.flush();
      }
    } catch (IOException e) {
      err.println("engram mcp: stdin: " + e.getMessage());
    } finally {
      closed.countDown();
    }
  }
}
