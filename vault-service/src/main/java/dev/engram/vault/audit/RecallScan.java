package dev.engram.vault.audit;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.source.SnapshotSource.ExportSink;
import java.io.IOException;

/**
 * Reads recall's export: which memories and exchanges the index holds. Vectors are skipped token by
 * token rather than parsed into a tree (they are most of the bytes).
 */
final class RecallScan implements ExportSink {

  final IdSets index = new IdSets();

  @Override
  public void stream(String stream) {}

  @Override
  public void record(String stream, byte[] json) throws IOException {
    if (!stream.equals("vectors")) {
      return;
    }
    String tenant = null;
    String kind = null;
    long id = -1;
    try (JsonParser parser = ArchiveJson.MAPPER.createParser(json)) {
      parser.nextToken();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String field = parser.currentName();
        parser.nextToken();
        switch (field) {
          case "tenant" -> tenant = parser.getValueAsString();
          case "kind" -> kind = parser.getValueAsString();
          case "id" -> id = parser.getValueAsLong();
          default -> parser.skipChildren();
        }
      }
    }
    if (tenant != null && kind != null) {
      index.add(tenant, kind, id);
    }
  }
}
