package dev.engram.vault.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** vault-service settings (prefix {@code engram.vault}; env {@code ENGRAM_VAULT_...}). */
@ConfigMapping(prefix = "engram.vault")
public interface VaultConfig {

  /**
   * Where backups are kept with the local destination, and where archives are staged before an
   * upload with the S3 one ({@code ENGRAM_VAULT_DIRECTORY}); created at start-up when missing. A
   * relative path is resolved against the working directory.
   */
  @WithDefault("./backups")
  Path directory();

  /** Where finished archives go: {@code local} (the directory) or {@code s3}. */
  @WithDefault("local")
  DestinationKind destination();

  /**
   * Cron (Quartz syntax, UTC) of scheduled backups; {@code off} disables them. Daily at 03:00 by
   * default: a backup nobody remembered to schedule is no backup, and retention bounds the space.
   */
  @WithDefault("0 0 3 * * ?")
  String schedule();

  /** The source services backed up, in this order: any of capture, graph, recall. */
  @WithDefault("capture,graph,recall")
  List<String> sources();

  /** Connecting to a source service's export and receiving its response headers. */
  @WithDefault("PT30S")
  Duration exportConnectTimeout();

  /** The longest a source export may take as a whole; a hung export fails the backup. */
  @WithDefault("PT2H")
  Duration exportTimeout();

  /** S3-compatible destination. */
  S3 s3();

  /** Archive encryption. */
  Encryption encryption();

  /** Which backups survive after each successful backup. */
  Retention retention();

  /** {@code POST /v1/audit}. */
  Audit audit();

  /** The audit's thresholds. */
  interface Audit {
    /**
     * An entity whose centrality grew by more than this factor since the previous audit is reported
     * as a sudden centrality spike.
     */
    @WithDefault("3.0")
    double spikeFactor();

    /** Entities below this centrality are never reported as spikes (noise of tiny graphs). */
    @WithDefault("0.0")
    double spikeMinCentrality();

    /** At most this many items are named per finding list; the count is always complete. */
    @WithDefault("50")
    int listLimit();
  }

  /** The two destinations. */
  enum DestinationKind {
    LOCAL,
    S3
  }

  /** An S3-compatible bucket (AWS, MinIO, R2, Ceph). */
  interface S3 {
    /** Endpoint override, e.g. {@code http://minio:9000}; empty = AWS for the region. */
    Optional<URI> endpoint();

    /** Region (MinIO and Ceph accept any). */
    @WithDefault("us-east-1")
    String region();

    /** Bucket; required when the destination is s3. */
    Optional<String> bucket();

    /** Key prefix inside the bucket, e.g. {@code engram/}; empty = the bucket's root. */
    Optional<String> prefix();

    /** Path-style addressing ({@code endpoint/bucket/key}), which MinIO and Ceph need. */
    @WithDefault("true")
    boolean pathStyle();

    /** Access key id; empty = the AWS SDK's default credential chain. */
    Optional<String> accessKeyId();

    /** Secret access key (from a Secret). */
    Optional<String> secretAccessKey();

    /** Multipart upload part size in MiB (S3's minimum is 5). */
    @WithDefault("16")
    int partSizeMib();

    /** Timeout of one S3 API call attempt (a part upload is one). */
    @WithDefault("PT2M")
    Duration callTimeout();
  }

  /** Keys for archive encryption; without keys archives are written unencrypted. */
  interface Encryption {
    /**
     * Keys as {@code id:base64-of-32-random-bytes}, comma-separated ({@code
     * ENGRAM_VAULT_ENCRYPTION_KEYS}, from a Secret). Keep retired keys here so older archives stay
     * readable.
     */
    Optional<List<String>> keys();

    /** The id of the key new archives are sealed with; required when keys are configured. */
    Optional<String> primaryKey();
  }

  /** Grandfather-father-son retention; the newest good backup is always kept. */
  interface Retention {
    /** Keep the newest backup of each of the last N days that have one. */
    @WithDefault("7")
    int daily();

    /** Keep the newest backup of each of the last N ISO weeks that have one. */
    @WithDefault("4")
    int weekly();

    /** Keep the newest backup of each of the last N months that have one. */
    @WithDefault("6")
    int monthly();
  }
}
