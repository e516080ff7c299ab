package dev.engram.capture.session;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * What a gateway was doing when it compacted its context (table {@code session_checkpoints}): its
 * summary and commitments as given, and the checkpoint slot content written from them.
 */
@Entity
@Table(name = "session_checkpoints")
public class SessionCheckpoint extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;
  public String agent;
  public String session;
  public String chat;
  public String thread;
  public String summary;

  @JdbcTypeCode(SqlTypes.ARRAY)
  public String[] commitments;

  public String content;
  public Instant createdAt;
}
