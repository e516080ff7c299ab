package dev.engram.recall.backup;

import static dev.engram.recall.backup.BackupServiceTest.JSON;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import dev.engram.contracts.index.Status;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A {@code vectors} record is the index document plus its vector in one flat object, exactly as
 * docs/backup-format.md shows it: the same names, order and nulls as before the document became a
 * shared contract, so archives written by older versions and by this one are the same bytes.
 */
class VectorRecordJsonTest {

  static final String LINE =
      "{\"tenant\":\"t1\",\"kind\":\"memory\",\"id\":7,\"version\":2,\"agent\":\"bot1\","
          + "\"chat\":null,\"thread\":null,\"session\":\"s1\",\"scope\":\"AGENT\","
          + "\"category\":\"PROFILE\",\"status\":\"ACTIVE\",\"speaker\":null,\"role\":null,"
          + "\"text\":\"Alice prefers green tea\",\"confidence\":0.9,"
          + "\"created_at\":\"2026-05-08T12:00:00Z\",\"expires_at\":null,\"archived_at\":null,"
          + "\"superseded_at\":null,\"source\":\"explicit\",\"source_exchange_ids\":[3,4],"
          + "\"metadata\":{\"k\":\"v\"},\"mode\":null,\"vector\":[0.6,0.8]}";

  static final IndexDocument DOCUMENT =
      new IndexDocument(
          "t1",
          DocKind.MEMORY,
          7L,
          2L,
          "bot1",
          null,
          null,
          "s1",
          Scope.AGENT,
          "PROFILE",
          Status.ACTIVE,
          null,
          null,
          "Alice prefers green tea",
          0.9,
          Instant.parse("2026-05-08T12:00:00Z"),
          null,
          null,
          null,
          "explicit",
          List.of(3L, 4L),
          Map.of("k", "v"),
          null);

  @Test
  void writesTheDocumentsFieldsBesideTheVector() throws Exception {
    assertEquals(
        LINE, JSON.writeValueAsString(new VectorRecord(DOCUMENT, new float[] {0.6f, 0.8f})));
  }

  @Test
  void readsBackTheSameDocumentAndVector() throws Exception {
    VectorRecord read = JSON.readValue(LINE, VectorRecord.class);
    assertEquals(DOCUMENT, read.document());
    assertArrayEquals(new float[] {0.6f, 0.8f}, read.vector());
  }
}
