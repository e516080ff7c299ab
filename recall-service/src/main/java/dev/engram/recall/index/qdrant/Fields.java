package dev.engram.recall.index.qdrant;

/** Payload field names of a point; the same names as the internal index API's documents. */
final class Fields {

  static final String TENANT = "tenant";
  static final String KIND = "kind";
  static final String ID = "id";
  static final String VERSION = "version";
  static final String AGENT = "agent";
  static final String CHAT = "chat";
  static final String THREAD = "thread";
  static final String SESSION = "session";
  static final String SCOPE = "scope";
  static final String CATEGORY = "category";
  static final String STATUS = "status";
  static final String SPEAKER = "speaker";
  static final String ROLE = "role";
  static final String TEXT = "text";
  static final String CONFIDENCE = "confidence";
  static final String CREATED_AT = "created_at";
  static final String EXPIRES_AT = "expires_at";
  static final String ARCHIVED_AT = "archived_at";
  static final String SUPERSEDED_AT = "superseded_at";
  static final String SOURCE = "source";
  static final String SOURCE_EXCHANGE_IDS = "source_exchange_ids";
  static final String METADATA = "metadata";

  private Fields() {}
}
