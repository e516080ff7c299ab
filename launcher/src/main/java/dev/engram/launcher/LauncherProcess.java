package dev.engram.launcher;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One of the launcher's servers ({@link PostgresServer}, {@link Neo4jServer}) running as a child
 * JVM of the caller, for tests: it dies with the caller (it watches its stdin), and {@link #close}
 * stops it cleanly. Uses only the JDK, so test classpaths need none of the servers' libraries.
 */
public final class LauncherProcess implements AutoCloseable {

  private final Process process;
  private final Path log;

  private LauncherProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * Starts {@code mainClass} and waits for its READY line; fails with the log's tail if it dies.
   */
  public static LauncherProcess start(
      String mainClass, List<String> jvmArgs, List<String> args, Path log, Duration readyTimeout)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(javaExecutable());
    command.addAll(jvmArgs);
    command.add("--enable-native-access=ALL-UNNAMED");
    command.add("-cp");
    command.add(classpath());
    command.add(mainClass);
    command.addAll(args);
    command.add("--exit-with-parent");
    Files.createDirectories(log.toAbsolutePath().getParent());
    Process process =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    LauncherProcess child = new LauncherProcess(process, log);
    child.awaitReady(readyTimeout);
    return child;
  }

  private void awaitReady(Duration timeout) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(log)
          && Files.readString(log, StandardCharsets.UTF_8)
              .lines()
              .anyMatch(l -> l.startsWith("READY "))) {
        return;
      }
      if (!process.isAlive()) {
        throw new IOException("process exited with " + process.exitValue() + ":\n" + tail());
      }
      Thread.sleep(100);
    }
    close();
    throw new IOException("not ready after " + timeout + ":\n" + tail());
  }

  /** The last lines of the process's output, for failure messages. */
  public String tail() throws IOException {
    List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
  }

  public boolean alive() {
    return process.isAlive();
  }

  public long pid() {
    return process.pid();
  }

  /** SIGTERM, then SIGKILL if it has not stopped within 60 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** The java binary running this JVM, so children use the same JDK. */
  public static String javaExecutable() {
    return ProcessHandle.current()
        .info()
        .command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  /**
   * The launcher's runtime classpath: its own jar (or classes directory) plus the {@code lib/}
   * folder the build copies next to it. {@code -Dengram.launcher.home=DIR} points at another build
   * (a folder holding launcher.jar and lib/).
   */
  public static String classpath() {
    String configured = System.getProperty("engram.launcher.home");
    Path self =
        configured != null ? Path.of(configured, "launcher.jar").toAbsolutePath() : codeSource();
    Path lib = self.getParent().resolve("lib");
    if (!Files.isDirectory(lib)) {
      throw new IllegalStateException(
          "No launcher libraries at " + lib + ": build them with ./mvnw -pl launcher package");
    }
    return self + File.pathSeparator + lib + File.separator + "*";
  }

  private static Path codeSource() {
    try {
      return Path.of(
          LauncherProcess.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("cannot locate the launcher", e);
    }
  }
}
