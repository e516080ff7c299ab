package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;

/**
 * podman, always through the repository's wrapper {@code k8s/images/podman}, so that the tests and
 * {@code k8s/images/build} see one configuration (runc, this machine's open-file limit).
 */
final class Podman {

  /** One finished command. */
  record Result(int exit, String out, String err) {

    boolean ok() {
      return exit == 0;
    }

    @Override
    public String toString() {
      return "exit " + exit + "\n" + out + err;
    }
  }

  /** One thread per output stream: the common pool has one worker on two cores. */
  private static final java.util.concurrent.ExecutorService READERS =
      java.util.concurrent.Executors.newCachedThreadPool(
          r -> {
            Thread thread = new Thread(r, "podman-output");
            thread.setDaemon(true);
            return thread;
          });

  private final Path repo;
  private final Path wrapper;

  Podman(Path repo) {
    this.repo = repo;
    this.wrapper = repo.resolve("k8s/images/podman");
  }

  /**
   * Skips the calling class when podman is missing, unless {@code ENGRAM_REQUIRE_PODMAN=1} (CI
   * installs it, so there a missing podman fails).
   */
  static Podman require(Path repo) {
    Podman podman = new Podman(repo);
    boolean present;
    try {
      present =
          podman.run(Duration.ofSeconds(60), "version", "--format", "{{.Client.Version}}").ok();
    } catch (IOException e) {
      present = false;
    }
    if (!present) {
      String why =
          "podman not found or not working: the suite as containers was NOT run"
              + " (apt-get install podman runc mmdebstrap; see FINDINGS.md \"Containers\")";
      if ("1".equals(System.getenv("ENGRAM_REQUIRE_PODMAN"))) {
        fail(why + " — ENGRAM_REQUIRE_PODMAN=1");
      }
      System.err.println("ContainersIT skipped: " + why);
      Assumptions.abort(why);
    }
    return podman;
  }

  Path repo() {
    return repo;
  }

  /** Runs {@code podman args…}; a command that outlives {@code timeout} is killed. */
  Result run(Duration timeout, String... args) throws IOException {
    return run(timeout, List.of(args));
  }

  Result run(Duration timeout, List<String> args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(wrapper.toString());
    command.addAll(args);
    return exec(command, timeout, line -> {});
  }

  /** Runs a podman command that must succeed; its standard output, trimmed. */
  String ok(String... args) throws IOException {
    Result result = run(Duration.ofMinutes(2), args);
    if (!result.ok()) {
      throw new IllegalStateException("podman " + String.join(" ", args) + " failed: " + result);
    }
    return result.out().strip();
  }

  /** Runs a repository script, each output line passed to {@code progress} as it comes. */
  Result script(Duration timeout, Consumer<String> progress, String... command) throws IOException {
    List<String> full = new ArrayList<>();
    full.add(repo.resolve(command[0]).toString());
    full.addAll(List.of(command).subList(1, command.length));
    return exec(full, timeout, progress);
  }

  private Result exec(List<String> command, Duration timeout, Consumer<String> progress)
      throws IOException {
    if (!Files.isExecutable(Path.of(command.get(0)))) {
      throw new IOException(command.get(0) + " is missing or not executable");
    }
    Process process = new ProcessBuilder(command).directory(repo.toFile()).start();
    process.getOutputStream().close();
    CompletableFuture<String> out = read(process.getInputStream(), progress);
    CompletableFuture<String> err = read(process.getErrorStream(), progress);
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new IOException(
            String.join(" ", command) + " did not finish within " + timeout.toSeconds() + " s");
      }
      return new Result(process.exitValue(), out.get(), err.get());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new IOException(e.getCause());
    }
  }

  private static CompletableFuture<String> read(InputStream stream, Consumer<String> progress) {
    return CompletableFuture.supplyAsync(
        () -> {
          StringBuilder all = new StringBuilder();
          try (var lines =
              new java.io.BufferedReader(
                  new java.io.InputStreamReader(stream, StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
              progress.accept(line);
              all.append(line).append('\n');
            }
          } catch (IOException e) {
            // the process ended
          }
          return all.toString();
        },
        READERS);
  }
}
