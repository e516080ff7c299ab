package dev.engram.recall.backup;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.RecallError;
import dev.engram.recall.index.DocumentRules;
import dev.engram.recall.index.ImportSource;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.VectorRule;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads an import body (docs/backup-format.md section 6) one line at a time and checks each: the
 * header (format version, the archive's embedding model), every {@code vectors} record (the index
 * API's rules, the vector's length), and the end line's count. Any fault is a 400 naming the line
 * (409 reindex_required for another model); the store then applies nothing.
 */
final class ImportReader implements ImportSource {

  /** A record holds at most ~32 KiB of text, 64 KiB of metadata and a vector, JSON-escaped. */
  static final int MAX_LINE_BYTES = 4 * 1024 * 1024;

  private final InputStream in;
  private final ObjectMapper json;
  private final Validator validator;
  private final String model;
  private final int dimensions;
  private final int maxTextBytes;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(16 * 1024);
  private long line;
  private long records;
  private boolean ended;

  ImportReader(
      InputStream in,
      ObjectMapper json,
      Validator validator,
      String model,
      int dimensions,
      int maxTextBytes) {
    this.in = in;
    this.json = json;
    this.validator = validator;
    this.model = model;
    this.dimensions = dimensions;
    this.maxTextBytes = maxTextBytes;
  }

  /** Reads the header; refuses another format or an archive embedded with another model. */
  void header() {
    JsonNode node = parse(read());
    JsonNode header = node == null ? null : node.get("header");
    if (header == null || !header.isObject()) {
      throw invalid("the first line must be {\"header\": {...}}");
    }
    if (header.path("format_version").asInt(-1) != IndexExport.FORMAT_VERSION) {
      throw invalid("format_version " + header.path("format_version") + " is not 1");
    }
    JsonNode archived = header.path("embedding_model");
    if (!archived.isTextual()) {
      archived = header.path("source").path("embedding_model");
    }
    String archiveModel = archived.isTextual() ? archived.asText() : null;
    if (!model.equals(archiveModel)) {
      throw new EngramException(
          RecallError.REINDEX_REQUIRED,
          "The archive's vectors were made with embedding model "
              + archiveModel
              + ", but this service embeds with "
              + model
              + "; they cannot be imported. Restore the record and have capture-service rebuild"
              + " the index (POST /v1/admin/reindex), which re-embeds every document.",
          List.of(),
          archiveModel == null
              ? Map.of("model", model)
              : Map.of("archive_model", archiveModel, "model", model));
    }
  }

  @Override
  public IndexOperation.Upsert next() {
    if (ended) {
      return null;
    }
    byte[] bytes = read();
    if (bytes == null) {
      throw invalid("the body ended before its end line");
    }
    JsonNode node = parse(bytes);
    if (node == null) {
      throw invalid("line " + line + " is not a JSON object");
    }
    if (node.has("end")) {
      end(node.get("end"));
      return null;
    }
    JsonNode stream = node.get("stream");
    JsonNode record = node.get("record");
    if (stream == null || !stream.isTextual() || record == null || !record.isObject()) {
      throw invalid("line " + line + " is not {\"stream\": name, \"record\": {...}}");
    }
    if (!IndexExport.STREAM.equals(stream.asText())) {
      throw invalid(
          "line " + line + ": stream " + stream.asText() + " is not one recall-service imports");
    }
    records++;
    return upsert(record);
  }

  private IndexOperation.Upsert upsert(JsonNode node) {
    VectorRecord record;
    try {
      record = json.treeToValue(node, VectorRecord.class);
    } catch (JsonProcessingException e) {
      throw invalid("line " + line + ": " + e.getOriginalMessage());
    }
    String path = "line " + line + ": record.";
    IndexDocument document = record.document();
    List<FieldViolation> violations = new ArrayList<>();
    // The document's constraints (field paths as on the index API) and the vector's presence.
    for (ConstraintViolation<IndexDocument> v : validator.validate(document)) {
      violations.add(new FieldViolation(path + v.getPropertyPath(), "invalid", v.getMessage()));
    }
    for (ConstraintViolation<VectorRecord> v : validator.validate(record)) {
      violations.add(new FieldViolation(path + v.getPropertyPath(), "invalid", v.getMessage()));
    }
    if (!violations.isEmpty()) {
      throw failed(violations);
    }
    DocumentRules.check(document, maxTextBytes, path, violations);
    float[] vector = record.vector();
    FieldViolation badVector = VectorRule.violation(vector, dimensions, path + "vector");
    if (badVector != null) {
      violations.add(badVector);
    }
    if (!violations.isEmpty()) {
      throw failed(violations);
    }
    return new IndexOperation.Upsert(document, vector);
  }

  private void end(JsonNode end) {
    JsonNode counts = end == null ? null : end.get("counts");
    if (counts == null || !counts.isObject()) {
      throw invalid("the end line has no counts");
    }
    for (var count : counts.properties()) {
      if (!IndexExport.STREAM.equals(count.getKey())) {
        throw invalid("the end line counts stream " + count.getKey() + ", which is not imported");
      }
    }
    long declared = counts.path(IndexExport.STREAM).asLong(-1);
    if (declared != records && !(records == 0 && !counts.has(IndexExport.STREAM))) {
      throw invalid(
          "the end line counts "
              + counts.path(IndexExport.STREAM)
              + " vectors, the body carried "
              + records);
    }
    if (read() != null) {
      throw invalid("lines follow the end line");
    }
    ended = true;
  }

  private JsonNode parse(byte[] bytes) {
    if (bytes == null) {
      return null;
    }
    try {
      JsonNode node = json.readTree(bytes);
      return node != null && node.isObject() ? node : null;
    } catch (IOException e) {
      return null;
    }
  }

  /** The next line without its newline, or null at the end of the body. */
  private byte[] read() {
    buffer.reset();
    try {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      line++;
      while (b >= 0 && b != '\n') {
        if (buffer.size() >= MAX_LINE_BYTES) {
          throw invalid("line " + line + " is longer than " + MAX_LINE_BYTES + " bytes");
        }
        buffer.write(b);
        b = in.read();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("reading the import body failed", e);
    }
    return buffer.toByteArray();
  }

  private static EngramException invalid(String message) {
    return EngramException.invalid("body", "import_format", message + "; nothing was applied");
  }

  private static EngramException failed(List<FieldViolation> violations) {
    List<FieldViolation> shown = violations.subList(0, Math.min(violations.size(), 20));
    return new EngramException(
        CommonError.VALIDATION_FAILED,
        String.join("; ", shown.stream().map(v -> v.field() + ": " + v.message()).toList())
            + "; nothing was applied",
        shown,
        Map.of());
  }
}
