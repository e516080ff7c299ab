package dev.engram.recall.index.qdrant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.contracts.index.DocKind;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.index.FiltersBuilder;
import dev.engram.recall.index.Visibility;
import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.Filter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The visibility filter as Qdrant receives it. Each filter is flattened to readable clauses ("must
 * tenant=t1", "should scope=GLOBAL", "must created_at<=...") to keep the assertions short.
 */
class QdrantFiltersTest {

  private static final Instant NOW = Instant.parse("2026-05-08T12:00:00Z");

  @Test
  void visibilityIsTenantExpiryStatusAndScopes() {
    var v = Visibility.of("t1", "bot1", "chat-a", Set.of(DocKind.values()), NOW);
    List<String> clauses = clauses(QdrantFilters.visibility(v).orElseThrow());
    assertTrue(clauses.contains("must tenant=t1"), clauses.toString());
    assertTrue(
        clauses.contains("must expires_at>=" + (double) QdrantPoints.micros(NOW)),
        clauses.toString());
    assertTrue(clauses.contains("must.should status=ACTIVE"), clauses.toString());
    assertTrue(clauses.contains("must.should.must kind=memory"), clauses.toString());
    assertTrue(clauses.contains("must.should.must.should scope=GLOBAL"), clauses.toString());
    assertTrue(clauses.contains("must.should.must.should.must chat=chat-a"), clauses.toString());
    assertTrue(clauses.contains("must.should.must kind=exchange"), clauses.toString());
    assertEquals(0, clauses.stream().filter(c -> c.contains("status=ARCHIVED")).count());
  }

  @Test
  void withoutChatNeitherChatMemoriesNorExchanges() {
    var v = Visibility.of("t1", "bot1", null, Set.of(DocKind.values()), NOW);
    List<String> clauses = clauses(QdrantFilters.visibility(v).orElseThrow());
    assertTrue(clauses.stream().noneMatch(c -> c.contains("kind=exchange")), clauses.toString());
    assertTrue(clauses.stream().noneMatch(c -> c.contains("scope=CHAT")), clauses.toString());
  }

  @Test
  void nothingVisibleMeansNoFilterAtAll() {
    var v = Visibility.of("t1", "bot1", null, Set.of(DocKind.EXCHANGE), NOW);
    assertTrue(QdrantFilters.visibility(v).isEmpty(), "the adapter answers without a call");
  }

  @Test
  void filtersBecomeConditions() {
    Instant asOf = NOW.minusSeconds(86_400);
    var v =
        Visibility.of("t1", "bot1", "chat-a", Set.of(DocKind.MEMORY), NOW)
            .withFilters(
                FiltersBuilder.filters(
                    f -> {
                      f.categories = Set.of("PROFILE");
                      f.exceptCategories = Set.of("EVENT");
                      f.minConfidence = 0.7;
                      f.speakers = Set.of("bob");
                      f.thread = "proj-x";
                      f.includeArchived = true;
                      f.asOf = asOf;
                      f.createdFrom = asOf.minusSeconds(60);
                    }));
    List<String> clauses = clauses(QdrantFilters.visibility(v).orElseThrow());
    double at = QdrantPoints.micros(asOf);
    for (String expected :
        List.of(
            "must category=[PROFILE]",
            "must_not category=[EVENT]",
            "must confidence>=0.7",
            "must speaker=[bob]",
            "must thread=proj-x",
            "must.should status=ARCHIVED",
            "must.should.must archived_at>" + at,
            "must.should.must superseded_at>" + at,
            "must created_at<=" + at,
            "must created_at>=" + (double) QdrantPoints.micros(asOf.minusSeconds(60)))) {
      assertTrue(clauses.contains(expected), expected + " in " + clauses);
    }
  }

  @Test
  void keysAddAPointIdCondition() {
    var v = Visibility.of("t1", "bot1", null, Set.of(DocKind.MEMORY), NOW);
    Filter f = QdrantFilters.keys(v, List.of(new DocKey(DocKind.MEMORY, 4))).orElseThrow();
    Condition ids = f.getMustList().getLast();
    assertEquals(List.of(QdrantPoints.id("t1", DocKind.MEMORY, 4)), ids.getHasId().getHasIdList());
  }

  /** Readable clauses: path of must/should/must_not, then field, operator and value. */
  static List<String> clauses(Filter filter) {
    List<String> out = new ArrayList<>();
    walk("", filter, out);
    return out;
  }

  private static void walk(String path, Filter f, List<String> out) {
    f.getMustList().forEach(c -> clause(path + "must", c, out));
    f.getShouldList().forEach(c -> clause(path + "should", c, out));
    f.getMustNotList().forEach(c -> clause(path + "must_not", c, out));
  }

  private static void clause(String path, Condition c, List<String> out) {
    if (c.hasFilter()) {
      walk(path + ".", c.getFilter(), out);
      return;
    }
    if (!c.hasField()) {
      out.add(path + " " + c.getConditionOneOfCase());
      return;
    }
    var field = c.getField();
    String key = field.getKey();
    if (field.hasMatch()) {
      var m = field.getMatch();
      String value =
          m.hasKeyword()
              ? m.getKeyword()
              : m.hasKeywords() ? m.getKeywords().getStringsList().toString() : m.toString();
      out.add(path + " " + key + "=" + value);
    }
    if (field.hasRange()) {
      var r = field.getRange();
      if (r.hasGte()) out.add(path + " " + key + ">=" + r.getGte());
      if (r.hasGt()) out.add(path + " " + key + ">" + r.getGt());
      if (r.hasLte()) out.add(path + " " + key + "<=" + r.getLte());
      if (r.hasLt()) out.add(path + " " + key + "<" + r.getLt());
    }
  }
}
