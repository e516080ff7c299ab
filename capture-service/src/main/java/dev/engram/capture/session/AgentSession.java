package dev.engram.capture.session;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** One session of an agent, as a gateway started and ended it (table {@code sessions}). */
@Entity
@Table(name = "sessions")
public class AgentSession extends PanacheEntityBase {

  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  public Long id;

  public String tenant;
  public String agent;

  /** The session id the gateway uses (unique per tenant and agent). */
  public String session;

  public String chat;
  public String thread;
  public Instant startedAt;
  public Instant endedAt;
  public String summary;

  /** Why the gate withheld the summary; it is then never shown. */
  public String summaryQuarantine;

  public int checkpoints;
}
