package dev.engram.vault.backup;

import dev.engram.vault.support.ExportStub;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Points engram.vault.directory at a directory that does not exist yet inside a fresh temporary
 * folder, so the tests also see the service create it; starts the export stub the sources point at;
 * configures two encryption keys (the primary "new", and "old" as after a rotation).
 */
public class BackupDirectoryResource implements QuarkusTestResourceLifecycleManager {

  /** Base64 of 32 bytes of 1, and of 2. */
  public static final String OLD_KEY = "old:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=";

  public static final String NEW_KEY = "new:AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI=";

  private Path root;

  @Override
  public Map<String, String> start() {
    try {
      root = Files.createTempDirectory("engram-vault-test");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String stub = ExportStub.start();
    return Map.of(
        "engram.vault.directory", root.resolve("backups").toString(),
        "engram.services.capture-url", stub + "/capture",
        "engram.services.graph-url", stub + "/graph",
        "engram.services.recall-url", stub + "/recall/",
        "engram.services.internal-key", ExportStub.INTERNAL_KEY,
        "engram.vault.encryption.keys", OLD_KEY + "," + NEW_KEY,
        "engram.vault.encryption.primary-key", "new");
  }

  @Override
  public void stop() {
    ExportStub.stop();
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temp directory left behind is not worth failing the build for
    }
  }
}
