package dev.engram.launcher;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code ./engram mcp}: an MCP server on stdin/stdout for desktop clients (Claude Desktop, Claude
 * Code, Cursor) that launch their servers as processes, in front of the suite's MCP endpoint over
 * Streamable HTTP. Its tools are the endpoint's own (names, descriptions, input schemas as listed
 * at start), each call forwarded and its result returned unchanged. Both sides are the official MCP
 * Java SDK, so the protocol's rules (initialization, sessions, versions) are the SDK's, not ours.
 * Standard output carries nothing but MCP messages: everything else, logs included, goes to
 * standard error.
 */
public final class McpBridge {

  static final String USAGE =
      """
      usage: ./engram mcp

      Speaks MCP over stdin/stdout and forwards every tool call to Engram's MCP endpoint
      (recall-service, Streamable HTTP). For desktop MCP clients: docs/gateways.md.

        ENGRAM_URL       recall-service's URL (default: the suite of $ENGRAM_HOME)
        ENGRAM_API_KEY   the key presented (default: $ENGRAM_HOME/secrets/admin.key)
        ENGRAM_AGENT     sent as X-Engram-Agent on every request (optional)
        ENGRAM_CHAT      sent as X-Engram-Chat (optional)
        ENGRAM_MODE      sent as X-Engram-Mode (optional)
        ENGRAM_MCP_LOG   the bridge's log level on stderr: error, warn (default), info, debug
      """;

  private McpBridge() {}

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /**
   * Serves until the client closes stdin; 0 then, 1 when the suite cannot be used at start (the
   * reason on stderr), 2 on a usage error.
   */
  public static int run(String[] args) {
    // The protocol owns the real stdout; anything printed by mistake lands on stderr instead.
    OutputStream protocol = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out));
    PrintStream err = System.err;
    System.setOut(err);
    if (args.length == 1 && List.of("-h", "--help", "help").contains(args[0])) {
      PrintStream help = new PrintStream(protocol, true, StandardCharsets.UTF_8);
      help.print(USAGE);
      help.flush();
      return 0;
    }
    if (args.length > 0) {
      err.println("engram mcp: takes no arguments (configured by environment variables)");
      err.print(USAGE);
      return 2;
    }
    logTo(System.getenv("ENGRAM_MCP_LOG"));
    try {
      BridgeSettings settings = BridgeSettings.from(System.getenv(), home());
      try (UpstreamMcp upstream = UpstreamMcp.connect(settings, version())) {
        List<McpSchema.Tool> tools = upstream.tools();
        InboundLines stdin = new InboundLines(System.in, McpJsonDefaults.getMapper(), err);
        McpSyncServer server = serve(upstream, tools, stdin.messages(), protocol);
        err.println(
            "engram mcp: "
                + tools.size()
                + " tools of "
                + settings.endpoint()
                + " served on stdin/stdout");
        stdin.closed().await();
        server.closeGracefully();
      }
      return 0;
    } catch (BridgeSettings.Invalid | UpstreamFailure e) {
      err.println("engram mcp: " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 1;
    }
  }

  /** The stdio server: one tool per upstream tool, each forwarding to it. */
  static McpSyncServer serve(
      UpstreamMcp upstream, List<McpSchema.Tool> tools, InputStream in, OutputStream out) {
    List<McpServerFeatures.SyncToolSpecification> forwarded =
        tools.stream()
            .map(
                tool ->
                    McpServerFeatures.SyncToolSpecification.builder()
                        .tool(tool)
                        .callHandler(
                            (exchange, request) -> upstream.call(tool.name(), request.arguments()))
                        .build())
            .toList();
    return McpServer.sync(new StdioServerTransportProvider(McpJsonDefaults.getMapper(), in, out))
        .serverInfo(upstream.serverInfo())
        .instructions(upstream.instructions())
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        // The suite checks the arguments and says what is wrong; a second check here could only
        // disagree with it.
        .validateToolInputs(false)
        .tools(forwarded)
        .build();
  }

  private static Path home() {
    String home = System.getenv("ENGRAM_HOME");
    return home == null || home.isBlank()
        ? Path.of(System.getProperty("engram.repo.root", ".")).resolve(".engram")
        : Path.of(home);
  }

  private static String version() {
    String version = McpBridge.class.getPackage().getImplementationVersion();
    return version == null ? "dev" : version;
  }

  /** slf4j-simple (the bridge's classpath) writes to stderr; only its level is ours to set. */
  private static void logTo(String level) {
    String wanted = level == null || level.isBlank() ? "warn" : level.strip();
    System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", wanted);
    System.setProperty("org.slf4j.simpleLogger.logFile", "System.err");
    System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
  }
}
