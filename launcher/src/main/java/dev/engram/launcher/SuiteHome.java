package dev.engram.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Where one suite keeps everything ({@code $ENGRAM_HOME}): data, backups, logs, pid files, secrets
 * and the ports it was started with. Nothing lives outside it, so deleting it resets the suite.
 */
record SuiteHome(Path root) {

  SuiteHome {
    root = root.toAbsolutePath().normalize();
  }

  Path data() {
    return root.resolve("data");
  }

  Path postgresData() {
    return data().resolve("postgres");
  }

  Path postgresBinaries() {
    return data().resolve("postgres-binaries");
  }

  Path neo4jData() {
    return data().resolve("neo4j");
  }

  /** recall-service's Lucene index (ENGRAM_RECALL_INDEX_DIR). */
  Path index() {
    return data().resolve("index");
  }

  /** vault-service's backup directory (ENGRAM_VAULT_DIRECTORY). */
  Path backups() {
    return root.resolve("backups");
  }

  Path logs() {
    return root.resolve("logs");
  }

  /**
   * A component's java.io.tmpdir. Libraries unpack native code there on every start (ONNX Runtime,
   * the tokenizer) and do not always delete it; emptied before each start, it cannot grow without
   * bound the way the shared /tmp would.
   */
  Path tmp(Component c) {
    return root.resolve("tmp").resolve(c.id());
  }

  /** Empties (or creates) {@link #tmp} before {@code c} starts. */
  void freshTmp(Component c) throws IOException {
    Path dir = tmp(c);
    if (Files.isDirectory(dir)) {
      try (var files = Files.walk(dir)) {
        for (Path file : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
          if (!file.equals(dir)) {
            Files.deleteIfExists(file);
          }
        }
      }
    }
    Files.createDirectories(dir);
  }

  Path log(Component c) {
    return logs().resolve(c.id() + ".log");
  }

  Path run() {
    return root.resolve("run");
  }

  Path pidFile(Component c) {
    return run().resolve(c.id() + ".pid");
  }

  Path secrets() {
    return root.resolve("secrets");
  }

  /** The ports (and URLs) of the last start, read by later CLI invocations. */
  Path configFile() {
    return root.resolve("config.env");
  }

  /** Creates the directories; the secrets directory is readable by its owner only. */
  void create() throws IOException {
    for (Path dir :
        new Path[] {postgresData(), postgresBinaries(), neo4jData(), index(), backups(), logs()}) {
      Files.createDirectories(dir);
    }
    Files.createDirectories(run());
    Files.createDirectories(secrets());
    ownerOnly(secrets(), "rwx------");
  }

  static void ownerOnly(Path path, String permissions) throws IOException {
    try {
      Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
    } catch (UnsupportedOperationException e) {
      // not a POSIX file system (Windows): the directory's ACL is all there is
    }
  }

  /**
   * One start or stop at a time per home, across processes: a second {@code ./engram up} waits for
   * the first and then finds everything running, instead of racing it for ports and data.
   */
  void exclusively(Runnable action) {
    if (!Files.isDirectory(run())) {
      action.run(); // a home that was never started: nothing runs, nothing to race with
      return;
    }
    try (FileChannel channel =
            FileChannel.open(
                run().resolve("suite.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      action.run();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock " + run() + ": " + e.getMessage(), e);
    }
  }

  static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // a leftover pid file is harmless: it is checked against the process before use
    }
  }
}
