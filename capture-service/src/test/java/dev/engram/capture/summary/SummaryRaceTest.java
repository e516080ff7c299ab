package dev.engram.capture.summary;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.capture.Api;
import dev.engram.capture.CaptureTestResources;
import dev.engram.capture.Db;
import dev.engram.capture.TestKeys;
import dev.engram.capture.Turns;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Two summary passes over one chat at once (two replicas, or the schedule and a triggered run)
 * leave one ACTIVE summary per period, and one version of each day: the second writer of a period
 * finds the first one's version under the period's lock and leaves it. (A week may get a second
 * version when one pass read its days before the other wrote the last one; the newer supersedes.)
 */
@QuarkusTest
@TestProfile(SummariesOnProfile.class)
@QuarkusTestResource(CaptureTestResources.class)
class SummaryRaceTest {

  @Inject Summaries summaries;

  @Test
  void twoPassesAtOnceWriteEachPeriodOnce() throws Exception {
    String agent = Api.unique("bot");
    String chat = Api.unique("race");
    Turns turns = new Turns(agent, chat);
    // Six days of one closed week (2026-02-02 is a Monday), three exchanges each.
    for (int day = 2; day <= 7; day++) {
      for (int i = 0; i < 3; i++) {
        turns.user(
            "alice",
            "On day " + day + " the garden crew planted row " + i + " of the new tulip beds.",
            "2026-02-0" + day + "T10:0" + i + ":00Z");
      }
    }
    turns.post(TestKeys.AGENT);

    CountDownLatch go = new CountDownLatch(1);
    Callable<Integer> pass =
        () -> {
          go.await();
          try {
            return VertxContextSupport.subscribeAndAwait(() -> summaries.run("acme", agent, chat));
          } catch (Throwable e) {
            throw new IllegalStateException(e);
          }
        };
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<Integer> a = pool.submit(pass);
      Future<Integer> b = pool.submit(pass);
      go.countDown();
      a.get();
      b.get();

      List<Object[]> perPeriod =
          Db.rows(
              "select metadata ->> 'level', metadata ->> 'period_start', count(*),"
                  + " count(*) filter (where status = 'ACTIVE') from memories"
                  + " where agent = ?1 and chat = ?2 and category = 'SUMMARY'"
                  + " group by 1, 2 order by 1, 2",
              agent,
              chat);
      assertEquals(8, perPeriod.size(), "six days, their week and its month");
      for (Object[] row : perPeriod) {
        String period = row[0] + " " + row[1];
        assertEquals(1L, ((Number) row[3]).longValue(), "one ACTIVE summary of " + period);
        if ("day".equals(row[0])) {
          // A day's exchanges are the same for both passes: one version, never a duplicate.
          assertEquals(1L, ((Number) row[2]).longValue(), "one version of " + period);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
