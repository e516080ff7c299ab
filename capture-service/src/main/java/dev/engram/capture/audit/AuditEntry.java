package dev.engram.capture.audit;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One audited write: who, what, and the full content before and after (table audit_log). */
@Entity
@Table(name = "audit_log")
public class AuditEntry extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;
  public String actorKeyId;
  public String operation;
  public String targetType;
  public String targetId;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> before;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, Object> after;

  public Instant at;
}
