package dev.engram.console.client;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.console.config.ServiceUrls;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * vault-service's public API: backups and the audit. Vault answers only ops keys of tenant {@code
 * *} (they span every tenant); the console calls it with the person's key like the others.
 */
@ApplicationScoped
public class VaultApi {

  private static final String NAME = "vault-service";

  private final ServiceCalls calls;
  private final ServiceUrls urls;

  VaultApi(ServiceCalls calls, ServiceUrls urls) {
    this.calls = calls;
    this.urls = urls;
  }

  private ServiceCalls.As as(String key) {
    return new ServiceCalls.As(NAME, urls.vaultUrl(), key);
  }

  /** The backups, newest first. */
  public Wire.BackupList backups(String key) {
    return calls.get(as(key), "/v1/backups", Wire.BackupList.class);
  }

  /** Starts a backup; answers its job (409 while another one runs). */
  public Wire.BackupJob startBackup(String key) {
    return calls.post(as(key), "/v1/backups", Map.of(), Wire.BackupJob.class);
  }

  /** A backup job's progress and outcome. */
  public Wire.BackupJob job(String key, String id) {
    return calls.get(as(key), "/v1/backup-jobs/" + id, Wire.BackupJob.class);
  }

  /** Reads a backup end to end (422 with vault's reason when it does not verify). */
  public Wire.Verification verify(String key, String id) {
    return calls.post(as(key), "/v1/backups/" + id + "/verify", Map.of(), Wire.Verification.class);
  }

  /** The last audit's report (404 before the first). */
  public JsonNode lastAudit(String key) {
    return calls.get(as(key), "/v1/audit/last", JsonNode.class);
  }

  /** Runs an audit now and answers its report. */
  public JsonNode audit(String key) {
    return calls.post(as(key), "/v1/audit", Map.of(), JsonNode.class);
  }
}
