package dev.engram.recall.backup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.engram.common.error.EngramException;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Status;
import dev.engram.recall.embedding.Embedder;
import dev.engram.recall.index.DocBuilder;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.ImportCounts;
import dev.engram.recall.index.IndexOperation;
import dev.engram.recall.index.IndexStore;
import dev.engram.recall.index.SearchHit;
import dev.engram.recall.index.Visibility;
import dev.engram.recall.index.lucene.LuceneIndexStore;
import jakarta.validation.Validation;
import jakarta.validation.Validator;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.hibernate.validator.messageinterpolation.ParameterMessageInterpolator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export and import against real Lucene indexes, with an embedder that fails if it is ever asked to
 * embed: a restore must rebuild the same searchable documents from the vectors alone.
 */
class BackupServiceTest {

  static final String MODEL = "test-model";
  static final int DIMENSIONS = 16;
  static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  static final ObjectMapper JSON =
      JsonMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .build();

  static final Validator VALIDATOR =
      Validation.byDefaultProvider()
          .configure()
          .messageInterpolator(new ParameterMessageInterpolator())
          .buildValidatorFactory()
          .getValidator();

  /** Counts calls and fails them: nothing of a backup may need the model. */
  static final class NoEmbedder implements Embedder {
    int calls;

    @Override
    public String modelId() {
      return MODEL;
    }

    @Override
    public int dimensions() {
      return DIMENSIONS;
    }

    @Override
    public List<float[]> embed(List<String> texts) {
      calls++;
      throw new AssertionError("a backup must not embed");
    }
  }

  @TempDir Path dir;
  final NoEmbedder embedder = new NoEmbedder();
  final List<IndexStore> stores = new ArrayList<>();

  @AfterEach
  void close() {
    stores.forEach(IndexStore::close);
  }

  IndexStore store(String name) {
    IndexStore store = new LuceneIndexStore(dir.resolve(name), MODEL, DIMENSIONS);
    stores.add(store);
    return store;
  }

  BackupService service(IndexStore store) {
    return new BackupService(store, embedder, JSON, VALIDATOR, 32768, "0.1.0-test");
  }

  static float[] vector(int seed) {
    float[] v = new float[DIMENSIONS];
    java.util.Random random = new java.util.Random(seed);
    double norm = 0;
    for (int i = 0; i < DIMENSIONS; i++) {
      v[i] = random.nextFloat() * 2 - 1;
      norm += v[i] * v[i];
    }
    for (int i = 0; i < DIMENSIONS; i++) {
      v[i] /= (float) Math.sqrt(norm);
    }
    return v;
  }

  /** Two tenants, every kind and scope, optional fields set and unset. */
  static List<IndexOperation> documents() {
    List<IndexOperation> ops = new ArrayList<>();
    String[] words = {"milk", "eggs", "lisbon", "piano", "garden", "rocket", "coffee", "tea"};
    for (int i = 1; i <= 40; i++) {
      String tenant = i % 2 == 0 ? "t1" : "t2";
      String text = "note " + i + " about " + words[i % words.length] + " and " + words[i % 3];
      DocBuilder b =
          switch (i % 4) {
            case 0 -> DocBuilder.memory(tenant, i, null, null, text);
            case 1 -> DocBuilder.memory(tenant, i, "bot1", null, text);
            case 2 -> DocBuilder.memory(tenant, i, "bot1", "chat-a", text);
            default -> DocBuilder.exchange(tenant, i, "bot1", "chat-a", text);
          };
      b.version = 1 + i % 3;
      b.createdAt = NOW.minusSeconds(60L * i).plusNanos(123_000);
      if (i % 5 == 0) {
        b.metadata = Map.of("source_app", "test", "n", Integer.toString(i));
        b.sourceExchangeIds = List.of(100L + i, 200L + i);
        b.source = "reflector";
        b.expiresAt = NOW.plusSeconds(86_400);
      }
      if (i % 7 == 0 && b.kind == DocKind.MEMORY) {
        b.status = Status.ARCHIVED;
        b.archivedAt = NOW.minusSeconds(10);
        b.confidence = null;
      }
      ops.add(new IndexOperation.Upsert(b.build(), vector(i)));
    }
    return ops;
  }

  static String export(BackupService service) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    service.export(service.snapshot(), out);
    return out.toString(StandardCharsets.UTF_8);
  }

  static ImportCounts load(BackupService service, String body, boolean replace, boolean dryRun) {
    return service.load(
        new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), replace, dryRun);
  }

  static Visibility all(String tenant) {
    return Visibility.of(tenant, "bot1", "chat-a", Set.of(DocKind.values()), NOW);
  }

  /** Every document of a tenant, compared as values (vectors through the searches). */
  static List<IndexDocument> contents(IndexStore store, String tenant) {
    List<DocKey> keys = new ArrayList<>();
    for (int i = 1; i <= 40; i++) {
      keys.add(new DocKey(i % 4 == 3 ? DocKind.EXCHANGE : DocKind.MEMORY, i));
    }
    return store.get(keys, all(tenant)).stream()
        .sorted((a, b) -> Long.compare(a.id(), b.id()))
        .toList();
  }

  static List<String> answers(IndexStore store, String tenant) {
    List<String> out = new ArrayList<>();
    for (int q = 100; q < 105; q++) {
      for (SearchHit h : store.dense(vector(q), all(tenant), 10)) {
        out.add(h.document().id() + ":" + Math.round(h.score() * 1e5));
      }
    }
    for (String word : List.of("milk", "lisbon", "piano coffee")) {
      for (SearchHit h : store.keyword(word, all(tenant), 10)) {
        out.add(h.document().id() + ":" + Math.round(h.score() * 1e4));
      }
    }
    return out;
  }

  @Test
  void aRoundTripRestoresTheSameDocumentsAndAnswersWithoutEmbedding() throws IOException {
    IndexStore source = store("source");
    source.apply(documents());
    String body = export(service(source));

    String[] lines = body.split("\n");
    assertEquals(42, lines.length, "header, 40 records, end");
    var header = JSON.readTree(lines[0]).get("header");
    assertEquals("recall-service", header.get("service").asText());
    assertEquals(1, header.get("format_version").asInt());
    assertEquals(MODEL, header.get("embedding_model").asText());
    assertTrue(header.get("position").isNull());
    Instant.parse(header.get("taken_at").asText());
    var record = JSON.readTree(lines[1]);
    assertEquals("vectors", record.get("stream").asText());
    assertEquals(DIMENSIONS, record.get("record").get("vector").size());
    assertEquals(40, JSON.readTree(lines[41]).get("end").get("counts").get("vectors").asLong());

    IndexStore target = store("target");
    ImportCounts counts = load(service(target), restoreBody(body), true, false);
    assertEquals(new ImportCounts(40, 40, 0, 0), counts);
    for (String tenant : List.of("t1", "t2")) {
      assertEquals(20, target.count(tenant));
      assertTrue(contents(source, tenant).size() >= 15, "archived ones are not visible");
      assertEquals(contents(source, tenant), contents(target, tenant), tenant);
      assertEquals(answers(source, tenant), answers(target, tenant), tenant);
    }
    assertEquals(body.lines().skip(1).toList(), export(service(target)).lines().skip(1).toList());
    assertEquals(0, embedder.calls);
  }

  /** The export as the vault sends it back: its header names the archive's model. */
  static String restoreBody(String export) {
    String records = export.substring(export.indexOf('\n') + 1);
    return "{\"header\":{\"format_version\":1,\"backup_id\":\"b1\",\"source\":{\"name\":\"recall\","
        + "\"embedding_model\":\""
        + MODEL
        + "\"},\"embedding_model\":\""
        + MODEL
        + "\"}}\n"
        + records;
  }

  @Test
  void mergeKeepsTheHigherVersionAndADryRunWritesNothing() throws IOException {
    IndexStore source = store("source");
    source.apply(documents());
    String body = restoreBody(export(service(source)));
    IndexStore target = store("target");
    IndexDocument newer =
        DocBuilder.from(((IndexOperation.Upsert) documents().get(0)).document()).version(9).build();
    IndexDocument older =
        DocBuilder.from(((IndexOperation.Upsert) documents().get(1)).document()).version(0).build();
    target.apply(
        List.of(
            new IndexOperation.Upsert(newer, vector(1)),
            new IndexOperation.Upsert(older, vector(2))));

    assertEquals(new ImportCounts(40, 38, 1, 1), load(service(target), body, false, true));
    assertEquals(2, target.count("t1") + target.count("t2"), "a dry run writes nothing");
    assertEquals(new ImportCounts(40, 38, 1, 1), load(service(target), body, false, false));
    assertEquals(40, target.count("t1") + target.count("t2"));
    assertEquals(9, target.get(List.of(DocKey.of(newer)), all(newer.tenant())).get(0).version());
    assertEquals(new ImportCounts(40, 0, 0, 40), load(service(target), body, false, false));
    assertEquals(new ImportCounts(40, 40, 0, 0), load(service(target), body, true, true));
    assertEquals(new ImportCounts(40, 40, 0, 0), load(service(target), body, true, false));
    assertEquals(2, target.get(List.of(DocKey.of(newer)), all(newer.tenant())).get(0).version());
  }

  @Test
  void replaceEmptiesOnlyTheTenantsOfTheArchive() throws IOException {
    IndexStore source = store("source");
    source.apply(documents().stream().filter(op -> tenant(op).equals("t1")).toList());
    String body = restoreBody(export(service(source)));
    IndexStore target = store("target");
    target.apply(documents());
    target.apply(
        List.of(
            new IndexOperation.Upsert(
                DocBuilder.memory("t1", 999, null, null, "only here").build(), vector(9))));
    load(service(target), body, true, false);
    assertEquals(20, target.count("t1"), "the extra t1 document is gone");
    assertEquals(20, target.count("t2"), "t2 is not in the archive and stays");
  }

  private static String tenant(IndexOperation op) {
    return ((IndexOperation.Upsert) op).document().tenant();
  }

  @Test
  void anArchiveOfAnotherModelIsRefusedWithReindexRequired() throws IOException {
    IndexStore source = store("source");
    source.apply(documents());
    String body = restoreBody(export(service(source))).replace(MODEL, "other-model");
    IndexStore target = store("target");
    EngramException e =
        assertThrows(EngramException.class, () -> load(service(target), body, true, false));
    assertEquals(409, e.error().definition().status());
    assertEquals("reindex_required", e.error().definition().code());
    assertTrue(e.getMessage().contains("/v1/admin/reindex"), e.getMessage());
    assertEquals(0, target.count("t1"));
  }

  @Test
  void badInputIsRefusedAndNothingOfItStays() throws IOException {
    IndexStore source = store("source");
    source.apply(documents());
    String good = restoreBody(export(service(source)));
    IndexStore target = store("target");
    target.apply(
        List.of(
            new IndexOperation.Upsert(
                DocBuilder.memory("t1", 999, null, null, "before the restore").build(),
                vector(9))));
    String[] lines = good.split("\n");
    String end = lines[lines.length - 1];
    String records = String.join("\n", Arrays.copyOfRange(lines, 0, lines.length - 1));
    List<String> bad =
        List.of(
            records + "\n" + end.replace("40", "41"), // count mismatch
            records + "\n", // no end line
            records + "\n{not json\n" + end, // malformed line
            records.replaceFirst("\"vector\":\\[", "\"vector\":[0.5,") + "\n" + end, // length
            records.replaceFirst("\"text\":\"[^\"]*\"", "\"text\":\"\"") + "\n" + end, // blank
            records + "\n{\"stream\":\"other\",\"record\":{}}\n" + end, // unknown stream
            good + "{\"stream\":\"vectors\",\"record\":{}}\n"); // after the end line
    for (String body : bad) {
      for (boolean replace : List.of(true, false)) {
        EngramException e =
            assertThrows(EngramException.class, () -> load(service(target), body, replace, false));
        assertEquals(400, e.error().definition().status(), e.getMessage());
        assertEquals(1, target.count("t1"), "rolled back: " + e.getMessage());
        assertEquals(0, target.count("t2"), "rolled back: " + e.getMessage());
      }
    }
    assertEquals(new ImportCounts(40, 40, 0, 0), load(service(target), good, true, false));
    assertEquals(20, target.count("t1"));
  }

  @Test
  void anIndexHoldingAnotherModelRefusesToExportBeforeTheFirstLine() {
    IndexStore old = store("mixed");
    old.apply(documents());
    old.close();
    stores.remove(old);
    IndexStore reopened = new LuceneIndexStore(dir.resolve("mixed"), "new-model", DIMENSIONS);
    stores.add(reopened);
    EngramException e = assertThrows(EngramException.class, reopened::snapshot);
    assertEquals(409, e.error().definition().status());
    assertEquals("reindex_required", e.error().definition().code());
  }

  @Test
  void aFailureMidStreamLeavesTheEndLineOut() {
    IndexStore source = store("source");
    source.apply(documents());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    var failing =
        new java.io.FilterOutputStream(out) {
          int lines;

          @Override
          public void write(int b) throws IOException {
            if (b == '\n' && ++lines == 10) {
              throw new IOException("the disk under the index went away");
            }
            super.write(b);
          }
        };
    BackupService service = service(source);
    assertThrows(IOException.class, () -> service.export(service.snapshot(), failing));
    String written = out.toString(StandardCharsets.UTF_8);
    assertTrue(written.startsWith("{\"header\""));
    assertTrue(!written.contains("\"end\""), "no end line after a failure");
    assertEquals(
        40, source.count("t1") + source.count("t2"), "the snapshot was released, the index works");
  }

  @Test
  void anEmptyIndexExportsAHeaderAndAZeroCount() throws IOException {
    String body = export(service(store("empty")));
    String[] lines = body.split("\n");
    assertEquals(2, lines.length);
    assertEquals(0, JSON.readTree(lines[1]).get("end").get("counts").get("vectors").asLong());
    assertEquals(
        new ImportCounts(0, 0, 0, 0), load(service(store("t")), restoreBody(body), true, false));
  }
}
