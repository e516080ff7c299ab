package dev.engram.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** How a {@link Suite} is set up; start with {@link Suite#builder}. */
public final class SuiteBuilder {

  final Path repoRoot;
  final Path home;
  boolean randomPorts;
  boolean detached;
  Duration timeout = Duration.ofSeconds(180);
  Consumer<String> progress = line -> {};
  final List<String> extraKeys = new ArrayList<>();
  final Map<String, String> env = new LinkedHashMap<>();
  Map<String, String> inherited = System.getenv();
  final Map<Component, Integer> ports = new EnumMap<>(Component.class);

  SuiteBuilder(Path repoRoot, Path home) {
    this.repoRoot = repoRoot;
    this.home = home;
  }

  /** Free ephemeral ports instead of the fixed ones (tests). Ports of a running suite win. */
  public SuiteBuilder randomPorts() {
    this.randomPorts = true;
    return this;
  }

  /** One fixed port (e.g. when 8081 is taken on this machine). */
  public SuiteBuilder port(Component c, int port) {
    ports.put(c, port);
    return this;
  }

  /**
   * True (CLI): processes run in their own session and outlive this JVM. False (tests): they stop
   * with {@link Suite#close()} or this JVM.
   */
  public SuiteBuilder detached(boolean detached) {
    this.detached = detached;
    return this;
  }

  /** Extra {@code engram.auth.keys} entries, {@code <id>:<tenant>:<roles>:<sha256-hex>}. */
  public SuiteBuilder extraKeys(List<String> keys) {
    extraKeys.addAll(keys);
    return this;
  }

  /**
   * Extra environment for every service (overrides the shared one). The console takes only the
   * entries named {@code ENGRAM_CONSOLE_*} (it is given no keys; see {@link ComponentCommands}).
   */
  public SuiteBuilder env(Map<String, String> env) {
    this.env.putAll(env);
    return this;
  }

  /** The environment the processes start from (tests; default: this process's own). */
  SuiteBuilder inheritedEnvironment(Map<String, String> inherited) {
    this.inherited = Map.copyOf(inherited);
    return this;
  }

  /** How long {@code up} may take in total (default 180 s). */
  public SuiteBuilder timeout(Duration timeout) {
    this.timeout = timeout;
    return this;
  }

  /** Where progress lines go (the CLI prints them; default: nowhere). */
  public SuiteBuilder progress(Consumer<String> progress) {
    this.progress = progress;
    return this;
  }

  public Suite build() {
    return new Suite(this);
  }
}
