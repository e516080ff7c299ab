package dev.engram.capture.audit;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;

/** Appends audit rows inside the caller's transaction, so a write and its audit commit together. */
@ApplicationScoped
public class AuditLog {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ObjectMapper json;

  AuditLog(ObjectMapper json) {
    this.json = json;
  }

  /**
   * Records one write. {@code before}/{@code after} are API views (null for a create or delete);
   * they are stored as JSON exactly as a client would have seen them.
   */
  public Uni<Void> record(
      Caller caller,
      String operation,
      String targetType,
      String targetId,
      Object before,
      Object after) {
    AuditEntry entry = new AuditEntry();
    entry.tenant = caller.tenant();
    entry.actorKeyId = caller.keyId();
    entry.operation = operation;
    entry.targetType = targetType;
    entry.targetId = targetId;
    entry.before = before == null ? null : json.convertValue(before, MAP);
    entry.after = after == null ? null : json.convertValue(after, MAP);
    entry.at = Instant.now();
    return entry.persist().replaceWithVoid();
  }
}
