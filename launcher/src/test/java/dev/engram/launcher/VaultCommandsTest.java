package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./engram backup|backups|verify|restore|audit} against a scripted vault. */
class VaultCommandsTest {

  static final String KEY = "egk_test-ops-key";
  static final String BACKUP =
      "{\"id\":\"20261122T030000123Z\",\"file\":\"20261122T030000123Z.engram.tar.gz.enc\","
          + "\"size_bytes\":3355443,\"created_at\":\"2026-11-22T03:00:00.123Z\",\"encrypted\":true,"
          + "\"destination\":\"local\",\"counts\":{\"capture/memories\":1200,\"recall/vectors\":1500},"
          + "\"records\":2700,\"verified\":true,\"verified_at\":null,\"key_id\":\"k2\"}";
  static final String OLDER =
      "{\"id\":\"20261121T030000000Z\",\"file\":\"x\",\"size_bytes\":812,"
          + "\"created_at\":\"2026-11-21T03:00:00Z\",\"encrypted\":false,\"destination\":\"local\","
          + "\"counts\":null,\"records\":null,\"verified\":false,\"verified_at\":null,\"key_id\":null}";

  @TempDir Path home;
  private FakeService vault;
  private CliRun cli;

  @BeforeEach
  void suiteHome() throws IOException {
    cli = new CliRun(home, Map.of());
    vault = new FakeService();
    Files.writeString(
        home.resolve("config.env"),
        "# written by ./engram\nENGRAM_VAULT_PORT=1\n"
            + ServiceClient.urlKey(Component.VAULT)
            + "="
            + vault.url());
    Files.createDirectories(home.resolve("secrets"));
    Files.writeString(home.resolve("secrets/admin.key"), "egk_not-the-vault-key\n");
    // The vault commands present the suite ops key (tenant *), never the admin key.
    Files.writeString(home.resolve("secrets/ops.key"), KEY + "\n");
  }

  @AfterEach
  void stop() {
    vault.close();
  }

  private int run(String stdin, String... args) {
    return cli.run(stdin, args);
  }

  private String out() {
    return cli.out();
  }

  private String err() {
    return cli.err();
  }

  @Test
  void backupFollowsTheJobAndPrintsTheBackup() {
    vault
        .on("POST /v1/backups", 202, "{\"id\":\"job-1\",\"state\":\"running\"}")
        .on(
            "GET /v1/backup-jobs/job-1",
            200,
            "{\"id\":\"job-1\",\"state\":\"running\",\"phase\":\"exporting\",\"records\":1000}")
        .on(
            "GET /v1/backup-jobs/job-1",
            200,
            "{\"id\":\"job-1\",\"state\":\"succeeded\",\"phase\":\"done\",\"records\":2700,"
                + "\"backup\":"
                + BACKUP
                + ",\"deleted\":[]}");

    assertEquals(0, run("", "backup"), err());

    String text = out();
    assertTrue(text.contains("exporting") && text.contains("1,000 records"), text);
    assertTrue(text.contains("Backup 20261122T030000123Z is written and verified"), text);
    assertTrue(text.contains("3.2 MiB") && text.contains("2,700"), text);
    assertTrue(text.contains("yes, key k2"), text);
    assertTrue(text.contains("capture/memories") && text.contains("1,200"), text);
    assertEquals("Bearer " + KEY, vault.requests("POST", "/v1/backups").get(0).authorization());
  }

  @Test
  void aFailedBackupExitsNonZeroWithTheProblem() {
    vault
        .on("POST /v1/backups", 202, "{\"id\":\"job-2\"}")
        .on(
            "GET /v1/backup-jobs/job-2",
            200,
            "{\"id\":\"job-2\",\"state\":\"failed\",\"phase\":\"exporting\",\"records\":0,"
                + "\"problem\":{\"code\":\"source_unavailable\",\"detail\":\"graph is down\"}}");

    assertEquals(1, run("", "backup"));
    assertTrue(err().contains("source_unavailable: graph is down"), err());
  }

  @Test
  void aRefusedBackupSaysWhy() {
    vault.on(
        "POST /v1/backups",
        409,
        "{\"code\":\"restore_in_progress\",\"status\":409,\"detail\":\"Restore r1 is running\"}");

    assertEquals(1, run("", "backup"));
    assertTrue(err().contains("409 restore_in_progress: Restore r1 is running"), err());
  }

  @Test
  void backupsIsATable() {
    vault.on("GET /v1/backups", 200, "{\"backups\":[" + BACKUP + "," + OLDER + "]}");

    assertEquals(0, run("", "backups"), err());

    List<String> lines = out().lines().toList();
    assertEquals(3, lines.size(), out());
    assertTrue(lines.get(0).startsWith("ID"), out());
    assertTrue(lines.get(1).contains("20261122T030000123Z") && lines.get(1).contains("3.2 MiB"));
    assertTrue(lines.get(2).contains("812 B") && lines.get(2).endsWith("FAILED"), lines.get(2));
  }

  @Test
  void verifyReportsIntactOrDamaged() {
    vault
        .on(
            "POST /v1/backups/good/verify",
            200,
            "{\"id\":\"good\",\"verified\":true,\"encrypted\":true,\"key_id\":\"k2\","
                + "\"format_version\":1,\"created_at\":\"2026-11-22T03:00:00Z\",\"records\":2700}")
        .on(
            "POST /v1/backups/bad/verify",
            422,
            "{\"code\":\"backup_tampered\",\"status\":422,\"detail\":\"entry capture/memories\"}");

    assertEquals(0, run("", "verify", "good"), err());
    assertTrue(out().contains("Backup good is intact: 2,700 records, encrypted with key k2"));
    assertEquals(1, run("", "verify", "bad"));
    assertTrue(err().contains("Backup bad is damaged: backup_tampered: entry capture/memories"));
    assertEquals(2, run("", "verify", "../etc"), "a usage error");
    assertTrue(err().contains("'../etc' is not a backup id"), err());
    assertEquals(2, vault.requests.size(), "an invalid id is refused before any call");
  }

  @Test
  void replaceAsksFirstAndAnythingButYesRestoresNothing() {
    vault.on("GET /v1/backups", 200, "{\"backups\":[" + BACKUP + "]}");

    assertEquals(1, run("no\n", "restore", "latest"));

    assertTrue(out().contains("Type yes to replace everything"), out());
    assertTrue(err().contains("Not restored."), err());
    assertEquals(List.of(), vault.requests("POST", "/v1/restore"));
    assertEquals(1, run("", "restore", "latest"), "stdin closed: no");
    assertEquals(List.of(), vault.requests("POST", "/v1/restore"));
  }

  @Test
  void aConfirmedRestoreFollowsTheJobAndPrintsWhatChanged() {
    vault
        .on("GET /v1/backups", 200, "{\"backups\":[" + OLDER + "," + BACKUP + "]}")
        .on("POST /v1/restore", 202, "{\"id\":\"r1\",\"state\":\"running\"}")
        .on(
            "GET /v1/restore/r1",
            200,
            "{\"id\":\"r1\",\"state\":\"running\",\"phase\":\"importing_capture\",\"records\":5}")
        .on("GET /v1/restore/r1", 200, restoreJob(false, "succeeded", "done", null));

    assertEquals(0, run("yes\n", "restore", "latest"), err());

    // "latest" skips the backup whose verification failed, and the id is sent resolved
    assertEquals(
        Json.parse("{\"backup\":\"20261122T030000123Z\",\"mode\":\"replace\",\"dry_run\":false}"),
        Json.parse(vault.requests("POST", "/v1/restore").get(0).body()));
    String text = out();
    assertTrue(text.contains("importing capture"), text);
    assertTrue(text.contains("Restored backup 20261122T030000123Z (replace)"), text);
    assertTrue(
        text.contains("memories") && text.contains("1,200 inserted") && text.contains("refused"),
        text);
    assertTrue(text.contains("recall   reproject done (memories 1200)"), text);
  }

  @Test
  void aDryRunMergeNeedsNoConfirmationAndSaysWhatWouldChange() {
    vault
        .on("GET /v1/backups/20261122T030000123Z", 200, BACKUP)
        .on("POST /v1/restore", 202, "{\"id\":\"r2\"}")
        .on("GET /v1/restore/r2", 200, restoreJob(true, "succeeded", "done", null));

    assertEquals(0, run("", "restore", "20261122T030000123Z", "--merge", "--dry-run"), err());

    assertEquals(
        Json.parse("{\"backup\":\"20261122T030000123Z\",\"mode\":\"merge\",\"dry_run\":true}"),
        Json.parse(vault.requests("POST", "/v1/restore").get(0).body()));
    String text = out();
    assertTrue(!text.contains("Type yes"), text);
    assertTrue(text.contains("nothing was changed"), text);
    assertTrue(text.contains("would insert"), text);
    assertTrue(text.contains("would run: the backup has no graph export"), text);
  }

  @Test
  void aFailedRestoreExitsNonZeroWithTheProblem() {
    vault
        .on("GET /v1/backups/b1", 200, BACKUP.replace("20261122T030000123Z", "b1"))
        .on("POST /v1/restore", 202, "{\"id\":\"r3\"}")
        .on(
            "GET /v1/restore/r3",
            200,
            restoreJob(
                false,
                "failed",
                "reprojecting_graph",
                "{\"code\":\"restore_reproject_failed\",\"detail\":\"capture answered HTTP 400\"}"));

    assertEquals(1, run("", "restore", "b1", "--yes"));

    assertTrue(
        err().contains("reprojecting_graph: restore_reproject_failed: capture answered HTTP 400"),
        err());
    assertTrue(out().contains("until it failed"), out());
  }

  @Test
  void badArgumentsAndAMissingSuiteAreClearErrors() throws IOException {
    assertEquals(2, run("", "restore"), "usage errors are exit code 2, as for every verb");
    assertTrue(err().contains("Missing required parameter: 'ID|latest'"), err());
    assertTrue(err().contains("usage: ./engram restore"), err());
    assertEquals(2, run("", "restore", "latest", "--force"));
    assertTrue(err().contains("Unknown option: '--force'"), err());
    assertEquals(2, run("", "backup", "now"));
    assertEquals(List.of(), vault.requests);

    Files.delete(home.resolve("config.env"));
    assertEquals(1, run("", "backups"));
    assertTrue(err().contains("./engram up"), err());
  }

  @Test
  void aVaultThatIsDownIsNamed() throws IOException {
    vault.close();

    assertEquals(1, run("", "backups"));

    assertTrue(err().contains("vault-service is not reachable"), err());
  }

  @Test
  void aCleanAuditExitsZero() {
    vault.on("POST /v1/audit", 200, auditReport(true));

    assertEquals(0, run("", "audit"), err());

    assertEquals(1, vault.requests("POST", "/v1/audit").size());
    assertEquals("Bearer " + KEY, vault.requests("POST", "/v1/audit").get(0).authorization());
    assertTrue(out().contains("capture  snapshot taken 2026-11-22T03:00:00Z"), out());
    assertTrue(out().contains("content hashes:      none"), out());
    assertTrue(out().contains("t1                   2 / 2 / 2"), out());
    assertTrue(out().contains("first audit: no previous centralities"), out());
    assertTrue(out().contains("Audit OK: no findings."), out());
  }

  @Test
  void findingsAreNamedAndExitOne() {
    vault.on("POST /v1/audit", 200, auditReport(false));

    assertEquals(1, run("", "audit"));

    String out = out();
    assertTrue(out.contains("t1 slots 1: stored sha256 aa, content hashes to bb"), out);
    assertTrue(out.contains("t1 memory 10 (audit row 7): the content differs"), out);
    assertTrue(out.contains("t1 memory 11: missing_from_index"), out);
    assertTrue(out.contains("... and 2 more"), out);
    assertTrue(out.contains("t1 e-ghost (Ghost)"), out);
    assertTrue(out.contains("t1 tea (e-tea): 0.2 -> 0.9"), out);
    assertTrue(out.contains("t1 memory 11 CONTRADICTS memory 10"), out);
    assertTrue(out.contains("belief b-1 is contradicted: \"Alice likes tea\""), out);
    assertTrue(out.contains("Audit found 9 problems."), out);
  }

  @Test
  void aSectionTheVaultCouldNotComputeIsSaidAndExitsOne() {
    String report =
        auditReport(true)
            .replace("\"ok\":true", "\"ok\":false")
            .replace("\"not_computed\":[]", "\"not_computed\":[\"topology\"]")
            .replace(
                "\"topology\":{\"computed\":true",
                "\"topology\":{\"computed\":false,\"reason\":\"graph answered HTTP 500\"");
    vault.on("POST /v1/audit", 200, report);

    assertEquals(1, run("", "audit"));

    assertTrue(out().contains("Topology: NOT COMPUTED (graph answered HTTP 500)"), out());
    assertTrue(out().contains("Audit found 0 problems; not computed: topology."), out());
  }

  @Test
  void aRefusedAuditSaysWhy() {
    vault.on("POST /v1/audit", 403, "{\"code\":\"forbidden\",\"detail\":\"ops only\"}");

    assertEquals(1, run("", "audit"));

    assertTrue(err().contains("POST /v1/audit answered 403 forbidden: ops only"), err());
  }

  /** A report as vault-service writes it: clean, or with nine findings of every kind. */
  private static String auditReport(boolean clean) {
    String none = "{\"count\":0,\"truncated\":false,\"items\":[]}";
    return ("{\"summary\":{\"ok\":%s,\"findings\":%d,\"not_computed\":[],"
            + "\"started_at\":\"2026-11-22T04:00:00Z\",\"took_ms\":42,\"sources\":["
            + "{\"name\":\"capture\",\"available\":true,\"taken_at\":\"2026-11-22T03:00:00Z\"},"
            + "{\"name\":\"graph\",\"available\":true,\"taken_at\":\"2026-11-22T03:00:01Z\"},"
            + "{\"name\":\"recall\",\"available\":true,\"taken_at\":\"2026-11-22T03:00:02Z\"}]},"
            + "\"integrity\":{\"computed\":true,\"content_hashes\":%s,\"audit_log\":%s,"
            + "\"audit_order\":%s},"
            + "\"consistency\":{\"computed\":true,\"tenants\":[{\"tenant\":\"t1\","
            + "\"memories\":{\"record\":2,\"index\":2,\"graph\":2},"
            + "\"exchanges\":{\"record\":1,\"index\":1,\"graph\":1}}],\"drift\":%s},"
            + "\"topology\":{\"computed\":true,\"entities\":4,\"orphans\":%s,\"spikes\":%s},"
            + "\"contradictions\":{\"computed\":true,\"tenants\":[%s],\"items\":%s}}")
        .formatted(
            clean,
            clean ? 0 : 9,
            clean
                ? none
                : "{\"count\":1,\"truncated\":false,\"items\":[{\"tenant\":\"t1\","
                    + "\"table\":\"slots\",\"id\":1,\"stored_sha256\":\"aa\","
                    + "\"computed_sha256\":\"bb\"}]}",
            clean
                ? none
                : "{\"count\":1,\"truncated\":false,\"items\":[{\"tenant\":\"t1\","
                    + "\"target_type\":\"memory\",\"target\":\"10\",\"audit_id\":7,"
                    + "\"problem\":\"the content differs from the newest audit row's after\"}]}",
            none,
            clean
                ? none
                : "{\"count\":3,\"truncated\":true,\"items\":[{\"tenant\":\"t1\","
                    + "\"kind\":\"memory\",\"id\":11,\"problem\":\"missing_from_index\"}]}",
            clean
                ? none
                : "{\"count\":1,\"truncated\":false,\"items\":[{\"tenant\":\"t1\","
                    + "\"id\":\"e-ghost\",\"name\":\"Ghost\"}]}",
            clean
                ? "{\"factor\":3.0,\"compared\":false,\"previous_audit\":null,\"note\":\"first"
                    + " audit: no previous centralities to compare with, so no spikes\","
                    + "\"count\":0,\"items\":[]}"
                : "{\"factor\":3.0,\"compared\":true,\"previous_audit\":\"2026-11-21T04:00:00Z\","
                    + "\"count\":1,\"truncated\":false,\"items\":[{\"tenant\":\"t1\","
                    + "\"id\":\"e-tea\",\"name\":\"tea\",\"previous\":0.2,\"current\":0.9,"
                    + "\"growth\":4.5}]}",
            clean
                ? ""
                : "{\"tenant\":\"t1\",\"contradicts_relations\":1,\"contradicted_beliefs\":1}",
            clean
                ? none
                : "{\"count\":2,\"truncated\":false,\"items\":[{\"tenant\":\"t1\","
                    + "\"kind\":\"relation\",\"id\":2,\"from_memory\":11,\"to_memory\":10},"
                    + "{\"tenant\":\"t1\",\"kind\":\"belief\",\"id\":\"b-1\","
                    + "\"statement\":\"Alice likes tea\",\"strength\":0.1}]}");
  }

  private static String restoreJob(boolean dryRun, String state, String phase, String problem) {
    String counts =
        "{\"memories\":{\"received\":1200,\"inserted\":1200,\"updated\":0,\"unchanged\":0}}";
    return ("{\"id\":\"r\",\"backup_id\":\"20261122T030000123Z\",\"mode\":\"%s\",\"dry_run\":%s,"
            + "\"state\":\"%s\",\"phase\":\"%s\",\"records\":2700,\"steps\":["
            + "{\"source\":\"capture\",\"action\":\"import\",\"state\":\"succeeded\",\"counts\":%s},"
            + "{\"source\":\"recall\",\"action\":\"import\",\"state\":\"refused\","
            + "\"detail\":\"another model\"},"
            + (dryRun
                ? "{\"source\":\"graph\",\"action\":\"reproject\",\"state\":\"skipped\","
                    + "\"detail\":\"dry run; would run: the backup has no graph export\"}"
                : "{\"source\":\"recall\",\"action\":\"reproject\",\"state\":\"succeeded\","
                    + "\"summary\":{\"memories\":1200}}")
            + "],\"problem\":%s}")
        .formatted(dryRun ? "merge" : "replace", dryRun, state, phase, counts, problem);
  }
}
