package dev.engram.recall.mcp;

import dev.engram.common.auth.Caller;
import io.quarkiverse.mcp.server.runtime.ConnectionManager;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The key (tenant and key id) that opened each MCP session. The extension knows sessions only by
 * id, so any key holding another's {@code Mcp-Session-Id} could end it, read its stream or call
 * tools in it; {@link McpGate} lets only the opening key use it.
 */
@ApplicationScoped
class McpSessionOwners {

  record Owner(String tenant, String keyId) {

    static Owner of(Caller caller) {
      return new Owner(caller.tenant(), caller.keyId());
    }
  }

  private final Map<String, Owner> owners = new ConcurrentHashMap<>();
  private final ConnectionManager connections;

  McpSessionOwners(ConnectionManager connections) {
    this.connections = connections;
  }

  /** Records the key that opened a session, and forgets sessions the extension has closed. */
  void opened(String session, Owner owner) {
    owners.keySet().removeIf(id -> !connections.has(id));
    owners.put(session, owner);
  }

  /**
   * True when {@code caller} may use the session: it opened it, or the session does not exist (the
   * extension answers 404 itself). A live session nobody recorded is nobody's.
   */
  boolean mayUse(String session, Owner caller) {
    Owner owner = owners.get(session);
    return owner == null ? !connections.has(session) : owner.equals(caller);
  }

  /** The protocol version the session was opened with (as the extension answered it), or null. */
  String protocolVersion(String session) {
    var connection = connections.get(session);
    if (connection == null || connection.initialRequest() == null) {
      return null;
    }
    String asked = connection.initialRequest().protocolVersion();
    var supported = io.quarkiverse.mcp.server.runtime.McpMessageHandler.SUPPORTED_PROTOCOL_VERSIONS;
    return supported.contains(asked) ? asked : supported.getFirst();
  }
}
