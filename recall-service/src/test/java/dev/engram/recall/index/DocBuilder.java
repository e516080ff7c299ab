package dev.engram.recall.index;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Builds {@link IndexDocument}s for tests: start from a memory or exchange, change some fields. */
public final class DocBuilder {

  public String tenant;
  public DocKind kind;
  public long id;
  public long version = 1;
  public String agent;
  public String chat;
  public String thread;
  public String session;
  public Scope scope;
  public String category;
  public Status status = Status.ACTIVE;
  public String speaker;
  public String role;
  public String text;
  public Double confidence;
  public Instant createdAt;
  public Instant expiresAt;
  public Instant archivedAt;
  public Instant supersededAt;
  public String source;
  public List<Long> sourceExchangeIds = List.of();
  public Map<String, String> metadata;
  public String mode;

  /** A memory; scope follows from which of agent and chat are given. */
  public static DocBuilder memory(String tenant, long id, String agent, String chat, String text) {
    DocBuilder b = new DocBuilder();
    b.tenant = tenant;
    b.kind = DocKind.MEMORY;
    b.id = id;
    b.agent = agent;
    b.chat = chat;
    b.scope = agent == null ? Scope.GLOBAL : chat == null ? Scope.AGENT : Scope.CHAT;
    b.category = "KNOWLEDGE";
    b.text = text;
    b.confidence = 0.8;
    b.createdAt = IndexStoreFixtures.NOW.minusSeconds(3600);
    return b;
  }

  public static DocBuilder exchange(
      String tenant, long id, String agent, String chat, String text) {
    DocBuilder b = new DocBuilder();
    b.tenant = tenant;
    b.kind = DocKind.EXCHANGE;
    b.id = id;
    b.agent = agent;
    b.chat = chat;
    b.session = "s-1";
    b.scope = Scope.CHAT;
    b.speaker = "alice";
    b.role = "user";
    b.text = text;
    b.createdAt = IndexStoreFixtures.NOW.minusSeconds(60);
    return b;
  }

  public static DocBuilder from(IndexDocument d) {
    DocBuilder b = new DocBuilder();
    b.tenant = d.tenant();
    b.kind = d.kind();
    b.id = d.id();
    b.version = d.version();
    b.agent = d.agent();
    b.chat = d.chat();
    b.thread = d.thread();
    b.session = d.session();
    b.scope = d.scope();
    b.category = d.category();
    b.status = d.status();
    b.speaker = d.speaker();
    b.role = d.role();
    b.text = d.text();
    b.confidence = d.confidence();
    b.createdAt = d.createdAt();
    b.expiresAt = d.expiresAt();
    b.archivedAt = d.archivedAt();
    b.supersededAt = d.supersededAt();
    b.source = d.source();
    b.sourceExchangeIds = d.sourceExchangeIds();
    b.metadata = d.metadata();
    b.mode = d.mode();
    return b;
  }

  public DocBuilder version(long v) {
    version = v;
    return this;
  }

  public DocBuilder status(Status s) {
    status = s;
    return this;
  }

  public DocBuilder created(Instant t) {
    createdAt = t;
    return this;
  }

  public DocBuilder expires(Instant t) {
    expiresAt = t;
    return this;
  }

  public DocBuilder archived(Instant t) {
    status = Status.ARCHIVED;
    archivedAt = t;
    return this;
  }

  public DocBuilder superseded(Instant t) {
    status = Status.SUPERSEDED;
    supersededAt = t;
    return this;
  }

  public DocBuilder category(String c) {
    category = c;
    return this;
  }

  public DocBuilder confidence(Double c) {
    confidence = c;
    return this;
  }

  public DocBuilder thread(String t) {
    thread = t;
    return this;
  }

  public DocBuilder speaker(String s) {
    speaker = s;
    return this;
  }

  public IndexDocument build() {
    return new IndexDocument(
        tenant,
        kind,
        id,
        version,
        agent,
        chat,
        thread,
        session,
        scope,
        category,
        status,
        speaker,
        role,
        text,
        confidence,
        createdAt,
        expiresAt,
        archivedAt,
        supersededAt,
        source,
        sourceExchangeIds,
        metadata,
        mode);
  }

  public DocBuilder mode(String m) {
    mode = m;
    return this;
  }
}
