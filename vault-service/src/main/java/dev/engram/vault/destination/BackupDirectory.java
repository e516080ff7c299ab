package dev.engram.vault.destination;

import dev.engram.vault.config.VaultConfig;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The local directory backups live in: created at start-up, and probed by the readiness check by
 * really writing (and fsyncing) a file there, since "exists" says nothing about a full or read-only
 * disk.
 */
@ApplicationScoped
public class BackupDirectory {

  private static final Logger LOG = Logger.getLogger(BackupDirectory.class);

  /** Probe files are dotfiles, which the catalog never lists. */
  public static final String PROBE_PREFIX = ".probe-";

  private final Path path;

  BackupDirectory(VaultConfig config) {
    this.path = config.directory().toAbsolutePath().normalize();
  }

  public Path path() {
    return path;
  }

  void onStart(@Observes StartupEvent event) {
    if (Files.isDirectory(path)) {
      LOG.infof("Backups are kept in %s", path);
      return;
    }
    try {
      Files.createDirectories(path);
      LOG.infof("Backups are kept in %s (created it)", path);
    } catch (IOException e) {
      // Not fatal: the service starts, readiness reports the directory DOWN with this reason.
      LOG.errorf("Cannot create the backup directory %s: %s", path, describe(e));
    }
  }

  /** Creates, writes, fsyncs and deletes a probe file; throws with the reason when it cannot. */
  public void probe() throws IOException {
    if (!Files.exists(path)) {
      throw new NoSuchFileException(path.toString(), null, "does not exist");
    }
    if (!Files.isDirectory(path)) {
      throw new FileSystemException(path.toString(), null, "is not a directory");
    }
    Path probe = path.resolve(PROBE_PREFIX + UUID.randomUUID() + ".tmp");
    try (FileChannel channel =
        FileChannel.open(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      channel.write(ByteBuffer.wrap("engram vault probe\n".getBytes(StandardCharsets.UTF_8)));
      channel.force(true);
    } finally {
      Files.deleteIfExists(probe);
    }
  }

  /** A short reason for an I/O failure, without the Java exception's class name. */
  public static String describe(IOException e) {
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof NoSuchFileException no && no.getReason() == null) {
      return "does not exist";
    }
    if (e instanceof FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
