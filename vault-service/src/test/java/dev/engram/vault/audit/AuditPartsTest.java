package dev.engram.vault.audit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class AuditPartsTest {

  @Test
  void aFindingListCountsEverythingAndNamesOnlyTheFirstItems() {
    Findings findings = new Findings(2);
    for (int i = 0; i < 5; i++) {
      findings.add().put("id", i);
    }
    ObjectNode json = findings.json();
    assertEquals(5, json.path("count").asInt());
    assertTrue(json.path("truncated").asBoolean());
    assertEquals(2, json.path("items").size());
    assertEquals(1, json.path("items").get(1).path("id").asInt());
  }

  @Test
  void idsComeBackDistinctAndAscendingWhateverTheExportOrder() {
    IdSets ids = new IdSets();
    for (long id : new long[] {40, 3, 17, 3, 99, 1, 40}) {
      ids.add("t1", IdSets.MEMORY, id);
    }
    for (long id = 0; id < 1000; id++) {
      ids.add("t2", IdSets.EXCHANGE, id);
    }
    assertArrayEquals(new long[] {1, 3, 17, 40, 99}, ids.of("t1", IdSets.MEMORY));
    assertEquals(1000, ids.of("t2", IdSets.EXCHANGE).length);
    assertEquals(999, ids.of("t2", IdSets.EXCHANGE)[999]);
    assertEquals(0, ids.of("t1", IdSets.EXCHANGE).length);
    assertEquals(0, ids.of("t3", IdSets.MEMORY).length);
  }
}
