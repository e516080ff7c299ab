package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.junit.jupiter.api.AfterAll;

/**
 * The same wipe-and-restore as {@link BackupRestoreIT}, with vault-service writing its backups to a
 * real S3-compatible server (S3Proxy, filesystem backend, signatures checked) started here: the
 * catalog, the archive and the restore all go through the bucket.
 */
class S3BackupRestoreIT extends BackupRestoreIT {

  private static final String BUCKET = "engram-e2e";
  private static final String PREFIX = "backups/";
  private static final String ACCESS_KEY = "e2e-access";
  private static final String SECRET_KEY = "e2e-secret-key";

  private Path storage;
  private BlobStoreContext context;
  private S3Proxy proxy;

  @Override
  Map<String, String> vaultEnvironment() {
    try {
      storage = Files.createTempDirectory("engram-e2e-s3");
      Properties properties = new Properties();
      properties.setProperty("jclouds.filesystem.basedir", storage.toString());
      context =
          ContextBuilder.newBuilder("filesystem")
              .credentials("identity", "credential")
              .overrides(properties)
              .build(BlobStoreContext.class);
      context.getBlobStore().createContainerInLocation(null, BUCKET);
      proxy =
          S3Proxy.builder()
              .blobStore(context.getBlobStore())
              .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
              .endpoint(URI.create("http://127.0.0.1:0"))
              .build();
      proxy.start();
      while (!"STARTED".equals(proxy.getState())) {
        if ("FAILED".equals(proxy.getState())) {
          throw new IllegalStateException("S3Proxy did not start");
        }
        Thread.sleep(10);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (Exception e) {
      throw new IllegalStateException("S3Proxy did not start", e);
    }
    return Map.of(
        "ENGRAM_VAULT_DESTINATION", "s3",
        "ENGRAM_VAULT_S3_ENDPOINT", "http://127.0.0.1:" + proxy.getPort(),
        "ENGRAM_VAULT_S3_BUCKET", BUCKET,
        "ENGRAM_VAULT_S3_PREFIX", PREFIX,
        "ENGRAM_VAULT_S3_ACCESS_KEY_ID", ACCESS_KEY,
        "ENGRAM_VAULT_S3_SECRET_ACCESS_KEY", SECRET_KEY);
  }

  @Override
  void assertEncryptedArchiveStored(String backup) {
    String key = PREFIX + backup + ".engram.tar.gz.enc";
    assertTrue(
        context
            .getBlobStore()
            .list(BUCKET, org.jclouds.blobstore.options.ListContainerOptions.Builder.recursive())
            .stream()
            .map(StorageMetadata::getName)
            .anyMatch(key::equals),
        "the encrypted archive is in the bucket as " + key);
  }

  @AfterAll
  void stopTheServer() throws Exception {
    if (proxy != null) {
      proxy.stop();
    }
    if (context != null) {
      context.close();
    }
    if (storage != null) {
      try (Stream<Path> files = Files.walk(storage)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
