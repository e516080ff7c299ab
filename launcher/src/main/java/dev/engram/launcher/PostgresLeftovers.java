package dev.engram.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * What a killed postgres launcher can leave behind, cleared before the next start (call only while
 * this home's launcher is not running):
 *
 * <ul>
 *   <li>The PostgreSQL server itself: pg_ctl runs it as a daemon, so it survives a SIGKILL of the
 *       launcher, holding the port and the data directory. Found through its own {@code
 *       postmaster.pid} and stopped cleanly.
 *   <li>Half-unpacked binaries: zonky unpacks them on first start and marks the folder with {@code
 *       .exists} when done; a folder without the mark makes every later unpack fail on an existing
 *       file.
 * </ul>
 */
final class PostgresLeftovers {

  private PostgresLeftovers() {}

  static void clear(SuiteHome home, Consumer<String> progress) {
    stopOrphanServer(home, progress);
    removePartialBinaries(home, progress);
  }

  static void stopOrphanServer(SuiteHome home, Consumer<String> progress) {
    findOrphanServer(home)
        .ifPresent(
            handle -> {
              progress.accept(
                  "stopping a PostgreSQL server left behind by a killed launcher (pid "
                      + handle.pid()
                      + ")");
              try {
                boolean killed = ComponentProcess.stop(handle, Stopper.SERVER_TIMEOUT);
                progress.accept(killed ? "PostgreSQL killed" : "PostgreSQL stopped");
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
  }

  static Optional<ProcessHandle> findOrphanServer(SuiteHome home) {
    Path data = home.postgresData();
    long pid;
    try {
      List<String> lines =
          Files.readAllLines(data.resolve("postmaster.pid"), StandardCharsets.UTF_8);
      pid = Long.parseLong(lines.get(0).strip());
    } catch (IOException | RuntimeException e) {
      return Optional.empty(); // no server, or a file being rewritten
    }
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(h -> ComponentProcess.commandLine(pid).contains(data.toString()));
  }

  private static void removePartialBinaries(SuiteHome home, Consumer<String> progress) {
    if (!Files.isDirectory(home.postgresBinaries())) {
      return;
    }
    try (Stream<Path> dirs = Files.list(home.postgresBinaries())) {
      for (Path dir : dirs.toList()) {
        if (dir.getFileName().toString().startsWith("PG-")
            && Files.isDirectory(dir)
            && !Files.exists(dir.resolve(".exists"))) {
          progress.accept("removing half-unpacked PostgreSQL binaries: " + dir);
          deleteTree(dir);
        }
      }
    } catch (IOException e) {
      progress.accept("could not clean " + home.postgresBinaries() + ": " + e.getMessage());
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
