package dev.engram.recall.index;

/**
 * The fields of an indexed document as every store names them (Lucene fields, Qdrant payload keys):
 * the wire names of the index API's document, so a stored document reads like the one sent.
 */
public enum DocField {
  TENANT("tenant"),
  KIND("kind"),
  ID("id"),
  VERSION("version"),
  AGENT("agent"),
  CHAT("chat"),
  THREAD("thread"),
  SESSION("session"),
  SCOPE("scope"),
  CATEGORY("category"),
  STATUS("status"),
  SPEAKER("speaker"),
  ROLE("role"),
  TEXT("text"),
  CONFIDENCE("confidence"),
  CREATED_AT("created_at"),
  EXPIRES_AT("expires_at"),
  ARCHIVED_AT("archived_at"),
  SUPERSEDED_AT("superseded_at"),
  SOURCE("source"),
  SOURCE_EXCHANGE_IDS("source_exchange_ids"),
  METADATA("metadata"),
  MODE("mode");

  private final String stored;

  DocField(String stored) {
    this.stored = stored;
  }

  /** The name in the store. */
  public String stored() {
    return stored;
  }
}
