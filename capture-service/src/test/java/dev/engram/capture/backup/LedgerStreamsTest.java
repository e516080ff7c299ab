package dev.engram.capture.backup;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The streams added after the first backup format: sessions, their checkpoints, the belief evidence
 * ledger and the queue of memories waiting for automatic relations. Each round-trips; an archive
 * made before they existed still restores, and relation-building goes on after it.
 */
@QuarkusTest
@QuarkusTestResource(CaptureTestResources.class)
class LedgerStreamsTest {

  private static final String TENANT = "globex";
  private static final List<String> NEW_STREAMS =
      List.of("sessions", "session_checkpoints", "belief_evidence", "memory_link_queue");

  @Test
  void sessionsCheckpointsEvidenceAndTheLinkQueueAreExportedAsStored() {
    ExportImportTest.fill();
    Map<String, List<JsonNode>> mine = Backups.ofTenant(Backups.export(), TENANT);
    for (String stream : NEW_STREAMS) {
      assertFalse(mine.get(stream).isEmpty(), stream);
    }
    JsonNode checkpoint = mine.get("session_checkpoints").getLast();
    assertEquals("send the runbook", checkpoint.get("commitments").get(0).asText());
    assertEquals(2, checkpoint.get("commitments").size(), "text arrays stay arrays");
    JsonNode evidence = mine.get("belief_evidence").getLast();
    assertTrue(evidence.get("memory_ids").isArray());
    assertFalse(evidence.get("evidence_key").asText().isBlank());
    assertTrue(mine.get("memory_link_queue").getFirst().get("memory_id").isIntegralNumber());
  }

  @Test
  void aRestoreKeepsExactlyTheQueueTheArchiveHad() {
    ExportImportTest.fill();
    // One memory already linked (off the queue), one that failed twice.
    String agent = dev.engram.capture.Api.unique("bot");
    long linked = ExportImportTest.memory(agent, "The linked memory.");
    long failed = ExportImportTest.memory(agent, "The memory whose linking failed.");
    Db.execute("delete from memory_link_queue where memory_id = " + linked);
    Db.execute("update memory_link_queue set attempts = 2 where memory_id = " + failed);
    Map<String, String> before = Backups.state(TENANT);
    Map<String, List<JsonNode>> mine = Backups.ofTenant(Backups.export(), TENANT);

    Backups.load(Backups.body(mine), "replace", false).then().statusCode(200);
    assertEquals(before, Backups.state(TENANT), "the queue as it was, attempts and times");
    assertEquals(
        0, Db.count("select count(*) from memory_link_queue where memory_id = ?1", linked));

    // A merge that brings a memory back: queued only if the archive had it queued.
    Db.execute("delete from memories where id = " + linked);
    Backups.load(Backups.body(mine), "merge", false)
        .then()
        .statusCode(200)
        .body("counts.memories.inserted", equalTo(1));
    assertEquals(before, Backups.state(TENANT));
  }

  @Test
  void anArchiveFromBeforeTheNewStreamsRestoresAndRequeuesWhatMayNeedLinks() {
    ExportImportTest.fill();
    Map<String, String> before = Backups.state(TENANT);
    Map<String, List<JsonNode>> old =
        new LinkedHashMap<>(Backups.ofTenant(Backups.export(), TENANT));
    NEW_STREAMS.forEach(old::remove);
    // Made the old way: the end line does not name the new streams at all.
    String body = Backups.body(old);
    assertFalse(body.contains("memory_link_queue"));
    Db.execute("delete from memory_link_queue where tenant = '" + TENANT + "'");

    ValidatableResponse answer = Backups.load(body, "replace", false).then().statusCode(200);
    for (String stream : NEW_STREAMS) {
      answer.body("counts", not(hasKey(stream)));
    }

    Map<String, String> after = Backups.state(TENANT);
    for (String stream : old.keySet()) {
      assertEquals(before.get(stream), after.get(stream), stream);
    }
    // Missing streams count as empty: the replace leaves the tenant without them.
    for (String stream : List.of("sessions", "session_checkpoints", "belief_evidence")) {
      assertEquals("[]", after.get(stream), stream);
    }
    // Relation-building goes on: every active or quarantined memory without a relation is queued.
    List<Long> expected =
        ids(
            "select m.id, 1 from memories m where m.tenant = ?1"
                + " and m.status in ('ACTIVE', 'QUARANTINED') and not exists (select 1 from"
                + " memory_relations r where r.from_memory = m.id or r.to_memory = m.id)"
                + " order by m.id");
    assertFalse(expected.isEmpty());
    assertEquals(
        expected,
        ids("select memory_id, 1 from memory_link_queue where tenant = ?1 order by memory_id"));
    assertTrue(
        Db.count(
                "select count(*) from memories m where m.tenant = ?1 and exists (select 1 from"
                    + " memory_relations r where r.from_memory = m.id)",
                TENANT)
            > 0,
        "some memories had relations and are not queued again");
  }

  @Test
  void theirSequencesMovePastTheImportedIds() {
    ExportImportTest.fill();
    Map<String, List<JsonNode>> mine = Backups.ofTenant(Backups.export(), TENANT);
    Map<String, List<JsonNode>> ahead = new LinkedHashMap<>();
    String session = dev.engram.capture.Api.unique("session");
    for (String stream : List.of("sessions", "session_checkpoints", "belief_evidence")) {
      long id = Backups.sequence(stream + "_id_seq") + 5000;
      ObjectNode record = mine.get(stream).getLast().<ObjectNode>deepCopy().put("id", id);
      switch (stream) {
        case "belief_evidence" -> record.put("evidence_key", "ahead:" + session);
        default -> record.put("session", session);
      }
      ahead.put(stream, List.of(record));
    }
    Backups.load(Backups.body(ahead), "merge", false)
        .then()
        .statusCode(200)
        .body("counts.sessions.inserted", equalTo(1));
    for (Map.Entry<String, List<JsonNode>> stream : ahead.entrySet()) {
      long imported = stream.getValue().getFirst().get("id").asLong();
      assertTrue(Backups.sequence(stream.getKey() + "_id_seq") >= imported, stream.getKey());
    }
  }

  private static List<Long> ids(String sql) {
    return Db.rows(sql, TENANT).stream().map(r -> ((Number) r[0]).longValue()).toList();
  }
}
