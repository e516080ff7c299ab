package dev.engram.vault.backup;

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
 * folder, so the tests also see the service create it.
 */
public class BackupDirectoryResource implements QuarkusTestResourceLifecycleManager {

  private Path root;

  @Override
  public Map<String, String> start() {
    try {
      root = Files.createTempDirectory("engram-vault-test");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Map.of("engram.vault.directory", root.resolve("backups").toString());
  }

  @Override
  public void stop() {
    try (Stream<Path> files = Files.walk(root)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // a temp directory left behind is not worth failing the build for
    }
  }
}
