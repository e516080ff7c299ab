package dev.engram.vault.destination;

import dev.engram.vault.backup.BackupDirectoryResource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStoreContext;

/**
 * A real S3-compatible server for the tests: S3Proxy with its filesystem backend, on a free local
 * port, with signature checking on. Everything of {@link BackupDirectoryResource} too, plus the
 * vault pointed at the bucket.
 */
public class S3ProxyResource extends BackupDirectoryResource {

  public static final String BUCKET = "engram-backups";
  public static final String PREFIX = "vault/";
  public static final String ACCESS_KEY = "test-access";
  public static final String SECRET_KEY = "test-secret-key";

  private static volatile URI endpoint;
  private S3Proxy proxy;
  private BlobStoreContext context;
  private Path storage;

  /** Where the running server listens. */
  public static URI endpoint() {
    return endpoint;
  }

  @Override
  public Map<String, String> start() {
    Map<String, String> settings = new HashMap<>(super.start());
    try {
      storage = Files.createTempDirectory("engram-s3proxy");
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
    endpoint = URI.create("http://127.0.0.1:" + proxy.getPort());
    settings.put("engram.vault.destination", "s3");
    settings.put("engram.vault.s3.endpoint", endpoint.toString());
    settings.put("engram.vault.s3.bucket", BUCKET);
    settings.put("engram.vault.s3.prefix", PREFIX);
    settings.put("engram.vault.s3.access-key-id", ACCESS_KEY);
    settings.put("engram.vault.s3.secret-access-key", SECRET_KEY);
    settings.put("engram.vault.s3.part-size-mib", "5"); // S3's minimum, so a test sees parts
    return settings;
  }

  @Override
  public void stop() {
    try {
      if (proxy != null) {
        proxy.stop();
      }
    } catch (Exception e) {
      // the JVM ends soon after
    }
    if (context != null) {
      context.close();
    }
    super.stop();
    delete(storage);
  }

  private static void delete(Path root) {
    if (root == null) {
      return;
    }
    try (var files = Files.walk(root)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temp directory left behind is not worth failing the build for
    }
  }
}
