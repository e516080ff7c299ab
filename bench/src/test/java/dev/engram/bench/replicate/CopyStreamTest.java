package dev.engram.bench.replicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Fake exports whose every id is drawn from 4101..4199 and appears in no other role: a copy that
 * left any cross reference (a relation's end, an audit view, an id list) unrewritten would still
 * carry one of those numbers, and {@link #noSourceIdLeft} finds it wherever it sits.
 */
class CopyStreamTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long STEP = 100_000;

  private static final String CAPTURE =
      """
      {"header":{"service":"capture-service","format_version":1,"position":{"outbox_id":9}}}
      {"stream":"memories","record":{"id":4101,"tenant":"t","agent":"a","chat":null,"scope":"AGENT","text":"x","supersedes":null,"superseded_by":4102,"version":2}}
      {"stream":"memories","record":{"id":4102,"tenant":"t","agent":"a","chat":"c-1","scope":"CHAT","text":"y","supersedes":4101,"superseded_by":null,"version":1}}
      {"stream":"facts","record":{"id":4110,"tenant":"t","chat":"c-1","superseded_by":4111,"source_memory_ids":[4101,4102],"version":1}}
      {"stream":"memory_relations","record":{"id":4120,"tenant":"t","from_memory":4101,"to_memory":4102,"type":"SIMILAR_TO","version":1}}
      {"stream":"audit_log","record":{"id":4130,"tenant":"t","operation":"memory.create","target_type":"memory","target_id":"4102","before":null,"after":{"id":4102,"chat":"c-1","supersedes":4101,"version":1}}}
      {"stream":"audit_log","record":{"id":4131,"tenant":"t","operation":"relation.create","target_type":"relation","target_id":"4120","before":{"id":4120,"from_memory":4101,"to_memory":4102},"after":null}}
      {"stream":"belief_evidence","record":{"id":4140,"tenant":"t","evidence_key":"m4101-supported-by-m4102","memory_id":4101,"memory_ids":[4101,4102]}}
      {"stream":"memory_link_queue","record":{"memory_id":4102,"tenant":"t","attempts":0}}
      {"end":{"counts":{"exchanges":0,"memories":2,"slots":0,"facts":1,"memory_relations":1,"audit_log":2,"belief_evidence":1,"memory_link_queue":1}}}
      """;

  @Test
  void everyIdAndEveryReferenceMovesToTheCopy() throws IOException {
    Out out = copy("capture", CAPTURE, 3);
    noSourceIdLeft(out.records());
    JsonNode second = out.record("memories", 1);
    assertEquals(304102, second.get("id").asLong());
    assertEquals(304101, second.get("supersedes").asLong());
    assertEquals("c-1~3", second.get("chat").asText());
    assertTrue(out.record("memories", 0).get("chat").isNull(), "no chat stays no chat");
    JsonNode relation = out.record("memory_relations", 0);
    assertEquals(304101, relation.get("from_memory").asLong());
    assertEquals(304102, relation.get("to_memory").asLong());
    JsonNode audit = out.record("audit_log", 0);
    assertEquals("304102", audit.get("target_id").asText(), "still text, as the column is");
    assertEquals(304102, audit.get("after").get("id").asLong());
    assertEquals("c-1~3", audit.get("after").get("chat").asText());
    assertEquals(304120, out.record("audit_log", 1).get("before").get("id").asLong());
    assertEquals(
        List.of(304101L, 304102L),
        JSON.convertValue(out.record("facts", 0).get("source_memory_ids"), List.class).stream()
            .map(n -> ((Number) n).longValue())
            .toList());
    assertEquals("a", second.get("agent").asText(), "same agent: it sees every copy");
    assertEquals("y", second.get("text").asText());
  }

  @Test
  void theLinkQueueIsSentEmptyAndTheBeliefLayerNotAtAll() throws IOException {
    Out out = copy("capture", CAPTURE, 1);
    JsonNode counts = out.end().get("counts");
    assertEquals(0, counts.get("memory_link_queue").asLong(), "an empty queue, still counted");
    assertFalse(counts.has("belief_evidence"));
    assertEquals(2, counts.get("memories").asLong());
    assertEquals(0, counts.get("exchanges").asLong());
    assertEquals(
        Set.of("memories", "facts", "memory_relations", "audit_log"),
        Set.copyOf(out.records().stream().map(r -> r.get("stream").asText()).toList()));
    assertEquals("bench-replicate-copy-1", out.header().get("backup_id").asText());
    assertEquals(9, out.header().get("source").get("position").get("outbox_id").asLong());
  }

  @Test
  void graphMemoriesKeepTheirEntitiesAndRecallVectorsTheirVectors() throws IOException {
    Out graph =
        copy(
            "graph",
            """
            {"header":{"service":"graph-service","format_version":1}}
            {"stream":"entities","record":{"tenant":"t","id":"e-1","name":"Ada"}}
            {"stream":"memories","record":{"tenant":"t","id":4101,"chat":"c","source_exchange_ids":[4150],"mentions":[{"entity":"e-1","key":"ada"}],"version":1}}
            {"stream":"relations","record":{"tenant":"t","id":4120,"from_memory":4101,"to_memory":4102,"type":"SUPPORTS","version":1}}
            {"stream":"evidence","record":{"tenant":"t","id":"m4101-supported-by-m4102","belief_id":"b-1","memory_ids":[4101,4102]}}
            {"end":{"counts":{"entities":1,"memories":1,"relations":1,"evidence":1,"beliefs":0}}}
            """,
            2);
    noSourceIdLeft(graph.records());
    JsonNode memory = graph.record("memories", 0);
    assertEquals("e-1", memory.get("mentions").get(0).get("entity").asText());
    assertEquals(204150, memory.get("source_exchange_ids").get(0).asLong());
    assertEquals(Map.of("memories", 1, "relations", 1), counts(graph));

    Out recall =
        copy(
            "recall",
            """
            {"header":{"service":"recall-service","format_version":1,"embedding_model":"m1"}}
            {"stream":"vectors","record":{"tenant":"t","kind":"memory","id":4101,"chat":"c","source_exchange_ids":[4150],"vector":[0.25,-0.5]}}
            {"end":{"counts":{"vectors":1}}}
            """,
            2);
    noSourceIdLeft(recall.records());
    assertEquals("m1", recall.header().get("embedding_model").asText());
    JsonNode vector = recall.record("vectors", 0);
    assertEquals("c~2", vector.get("chat").asText());
    assertEquals(-0.5, vector.get("vector").get(1).asDouble());
  }

  @Test
  void whatCannotBeCopiedFaithfullyIsRefused() {
    String slot =
        """
        {"header":{"format_version":1}}
        {"stream":"slots","record":{"id":1,"tenant":"t"}}
        {"end":{"counts":{"slots":1}}}
        """;
    assertTrue(message(() -> copy("capture", slot, 1)).contains("slots"));
    String unknown =
        """
        {"header":{"format_version":1}}
        {"stream":"new_table","record":{"id":1,"tenant":"t"}}
        {"end":{"counts":{"new_table":1}}}
        """;
    assertTrue(message(() -> copy("capture", unknown, 1)).contains("unknown stream"));
    String cut = CAPTURE.substring(0, CAPTURE.indexOf("{\"end\""));
    assertTrue(message(() -> copy("capture", cut, 1)).contains("end line"));
    String short_ = CAPTURE.replace("\"memories\":2", "\"memories\":3");
    assertTrue(message(() -> copy("capture", short_, 1)).contains("counts"));
    String big = CAPTURE.replace("4101", Long.toString(STEP + 1));
    assertThrows(IllegalArgumentException.class, () -> copy("capture", big, 1));
  }

  private static void noSourceIdLeft(List<JsonNode> lines) {
    List<String> left = new ArrayList<>();
    for (JsonNode line : lines) {
      find(line.get("record"), line.get("stream").asText(), left);
    }
    assertEquals(List.of(), left, "source ids left in the copy");
  }

  private static void find(JsonNode node, String path, List<String> left) {
    if (node.isContainerNode()) {
      node.properties().forEach(e -> find(e.getValue(), path + "." + e.getKey(), left));
      for (int i = 0; node.isArray() && i < node.size(); i++) {
        find(node.get(i), path + "[" + i + "]", left);
      }
    } else if (node.asText().matches(".*\\b41\\d\\d\\b.*")) {
      left.add(path + "=" + node.asText());
    }
  }

  private static Map<String, Integer> counts(Out out) {
    Map<String, Integer> counts = new java.util.TreeMap<>();
    out.end().get("counts").properties().forEach(e -> counts.put(e.getKey(), e.getValue().asInt()));
    return counts;
  }

  private static String message(org.junit.jupiter.api.function.Executable run) {
    return assertThrows(IOException.class, run).getMessage();
  }

  private static Out copy(String service, String export, int copy) throws IOException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    CopyStream.write(
        service,
        new ByteArrayInputStream(export.getBytes(StandardCharsets.UTF_8)),
        new CopyRewrite(copy, STEP),
        body);
    List<JsonNode> lines = new ArrayList<>();
    for (String line : body.toString(StandardCharsets.UTF_8).split("\n")) {
      lines.add(JSON.readTree(line));
    }
    return new Out(lines);
  }

  /** The lines of an import body. */
  private record Out(List<JsonNode> lines) {
    JsonNode header() {
      return lines.getFirst().get("header");
    }

    JsonNode end() {
      return lines.getLast().get("end");
    }

    List<JsonNode> records() {
      return lines.subList(1, lines.size() - 1);
    }

    JsonNode record(String stream, int index) {
      return records().stream()
          .filter(r -> r.get("stream").asText().equals(stream))
          .toList()
          .get(index)
          .get("record");
    }
  }
}
