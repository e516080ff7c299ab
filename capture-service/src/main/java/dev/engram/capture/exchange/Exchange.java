package dev.engram.capture.exchange;

import dev.engram.capture.extract.Statement;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Map;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One verbatim turn of a conversation (table {@code exchanges}); append-only. */
@Entity
@Table(name = "exchanges")
public class Exchange extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "exchange_ids")
  @SequenceGenerator(name = "exchange_ids", sequenceName = "exchange_id_seq", allocationSize = 50)
  public Long id;

  public String tenant;
  public String agent;
  public String chat;
  public String thread;
  public String session;
  public String speaker;
  public String role;
  public String text;
  public String contentSha256;
  public Instant occurredAt;
  public Instant recordedAt;

  @Enumerated(EnumType.STRING)
  public ExchangeStatus status = ExchangeStatus.ACTIVE;

  /** Why it is quarantined (the scanner's findings). */
  public String statusReason;

  @JdbcTypeCode(SqlTypes.JSON)
  public Map<String, String> metadata;

  /** The mode of the conversation (work, personal, ...); null: untagged. */
  public String mode;

  /** Starts at 1 and grows with every change (Hibernate keeps an initial value that is >= 0). */
  @Version public long version = 1;

  /** This turn as the extractors read it. */
  public Statement statement() {
    return new Statement(
        id,
        speaker,
        role,
        text,
        occurredAt,
        status == ExchangeStatus.QUARANTINED ? statusReason : null);
  }
}
