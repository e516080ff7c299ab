package dev.engram.console.ops;

import static org.hamcrest.Matchers.endsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.console.support.Browser;
import dev.engram.console.support.Fixtures;
import dev.engram.console.support.GraphVaultFixtures;
import dev.engram.console.support.ServiceStub;
import dev.engram.console.support.StubbedServices;
import dev.engram.console.support.TestKeys;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(StubbedServices.class)
class OpsPagesTest {

  /** Pages of a tenant, none of which an ops key of tenant * may see. */
  static final List<String> TENANT_PAGES =
      List.of(
          "/memories",
          "/memories/41",
          "/memories/41/forget",
          "/search?q=tea&agent=bot1",
          "/conversations?agent=bot1&chat=c&date=2026-11-01",
          "/review",
          "/review/beliefs",
          "/graph",
          "/graph/entities/e-1");

  private ServiceStub capture;
  private ServiceStub graph;
  private ServiceStub vault;

  @BeforeEach
  void reset() {
    capture = StubbedServices.fresh().everyPage();
    graph = StubbedServices.graph();
    vault = StubbedServices.vault();
    GraphVaultFixtures.everyPage(graph, vault);
  }

  @Test
  void anOpsKeyLandsOnOpsAndSeesNoTenantPageNorCallsForOne() {
    Browser ops = new Browser();
    ops.signIn(TestKeys.OPS).then().statusCode(303).header("Location", endsWith("/ops"));
    ops.get("/").then().statusCode(303).header("Location", endsWith("/ops"));
    StubbedServices.fresh();
    for (String page : TENANT_PAGES) {
      String html = ops.get(page).then().statusCode(403).extract().asString();
      assertTrue(html.contains("<h1>Not a page for an ops key</h1>"), page + ":\n" + html);
    }
    ops.post("/memories/41/forget", ops.csrf()).then().statusCode(403);
    assertEquals(List.of(), capture.received(), "no tenant page asked capture or recall");
    assertEquals(List.of(), graph.received());

    String nav = ops.page("/ops");
    assertTrue(nav.contains("<a href=\"/ops\">Ops</a>"), nav);
    assertTrue(nav.contains("<a href=\"/health\">Health</a>"), nav);
    assertFalse(nav.contains("<a href=\"/memories\">"), nav);
    assertFalse(nav.contains("<a href=\"/graph\">"), nav);
  }

  @Test
  void aTenantsKeyIsToldTheOpsPagesAreNotForItWithoutAskingVault() {
    Browser admin = Browser.signedInAs(TestKeys.ADMIN);
    for (String page : List.of("/ops", "/ops/audit", "/ops/jobs/job-7")) {
      String html = admin.get(page).then().statusCode(403).extract().asString();
      assertTrue(html.contains("only an ops key of tenant *"), page + ":\n" + html);
      assertTrue(html.contains("This key is of tenant acme."), html);
    }
    admin.post("/ops/backups", admin.csrf()).then().statusCode(403);
    assertEquals(List.of(), vault.received());
    assertFalse(admin.page("/memories").contains("<a href=\"/ops\">"), "no ops link for it");
  }

  @Test
  void theBackupsAreListedEscapedWithAVerifyButtonEach() {
    vault.answer("GET /v1/backups", 200, GraphVaultFixtures.backups(Fixtures.HOSTILE));
    String html = Browser.signedInAs(TestKeys.OPS).page("/ops");
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("(key " + Fixtures.HOSTILE_ESCAPED + ")"), html);
    assertTrue(html.contains("action=\"/ops/backups/engram-20261128T100000Z/verify\""), html);
    assertTrue(html.contains("<td>12345</td>"), html);
    assertTrue(html.contains("<td>not yet</td>"), "never verified");
    assertEquals(List.of("Bearer " + TestKeys.OPS), vault.authorizationsTo("/v1/backups"));
  }

  @Test
  void takingABackupStartsAJobWhosePageRefreshesUntilItIsDone() {
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    ops.post("/ops/backups", ops.csrf())
        .then()
        .statusCode(303)
        .header("Location", endsWith("/ops/jobs/job-7"));
    assertEquals(
        "POST /v1/backups", vault.writes().get(0).method() + " " + vault.writes().get(0).path());

    String running = ops.page("/ops/jobs/job-7");
    assertTrue(running.contains("<meta http-equiv=\"refresh\" content=\"2\">"), running);
    assertTrue(running.contains("Running: exporting, 17 records so far."), running);

    vault.answer("GET /v1/backup-jobs/job-7", 200, GraphVaultFixtures.job("succeeded", "done"));
    String done = ops.page("/ops/jobs/job-7");
    assertFalse(done.contains("http-equiv=\"refresh\""), "it stops refreshing");
    assertTrue(done.contains("Done</span>: 17 records."), done);

    vault.answer("GET /v1/backup-jobs/job-7", 200, GraphVaultFixtures.job("failed", "archiving"));
    assertFalse(ops.page("/ops/jobs/job-7").contains("http-equiv=\"refresh\""));
  }

  @Test
  void aSecondBackupWhileOneRunsIsAMessage() {
    vault.refuse("POST /v1/backups", 409, "a backup is already running");
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    ops.post("/ops/backups", ops.csrf())
        .then()
        .statusCode(303)
        .header("Location", endsWith("/ops?busy=1"));
    assertTrue(ops.page("/ops?busy=1").contains("Another backup is running"));
  }

  @Test
  void verifyingGoesToVaultAndAFailedVerificationIsShownInItsWords() {
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    ops.post("/ops/backups/engram-20261128T100000Z/verify", ops.csrf())
        .then()
        .statusCode(303)
        .header("Location", endsWith("/ops?verified=engram-20261128T100000Z"));
    assertTrue(ops.page("/ops?verified=engram-20261128T100000Z").contains("verified: read end"));

    vault.refuse("POST /v1/backups/engram-20261128T100000Z/verify", 422, "backup_tampered: entry");
    String html =
        ops.post("/ops/backups/engram-20261128T100000Z/verify", ops.csrf())
            .then()
            .statusCode(422)
            .extract()
            .asString();
    assertTrue(html.contains("vault-service said: backup_tampered: entry"), html);

    vault.reset();
    ops.post("/ops/backups/a%2Fb/verify", ops.csrf()).then().statusCode(404);
    assertEquals(List.of(), vault.received(), "an id vault would not name is not forwarded");
  }

  @Test
  void theLastAuditsFindingsAreShownAndOneCanBeRun() {
    vault.answer("GET /v1/audit/last", 200, GraphVaultFixtures.audit(Fixtures.HOSTILE));
    Browser ops = Browser.signedInAs(TestKeys.OPS);
    String html = ops.page("/ops/audit");
    assertFalse(html.contains("<img"), html);
    assertTrue(html.contains("2 findings"), html);
    assertTrue(html.contains("not computed: topology"), html);
    assertTrue(html.contains("graph-service did not answer"), "a source not read, and why");
    assertTrue(html.contains("content hashes: 1"), html);
    assertTrue(html.contains("problem: " + Fixtures.HOSTILE_ESCAPED), html);
    assertTrue(html.contains("drift: 1 (the first 0 named)"), html);

    ops.post("/ops/audit", ops.csrf())
        .then()
        .statusCode(303)
        .header("Location", endsWith("/ops/audit?ran=1"));
    assertEquals(1, vault.writes().size());
    assertEquals("Bearer " + TestKeys.OPS, vault.writes().get(0).authorization());

    vault.refuse("GET /v1/audit/last", 404, "No audit yet");
    assertTrue(ops.page("/ops/audit").contains("No audit has run yet."));
  }
}
