package dev.engram.launcher;

/** Stands in for a component process in tests: carries whatever -D markers it is given, sleeps. */
public final class FakeComponent {

  private FakeComponent() {}

  public static void main(String[] args) throws InterruptedException {
    Thread.sleep(120_000);
  }

  /** Starts a JVM running this class with the given system properties. */
  static Process start(String... properties) throws java.io.IOException {
    java.util.List<String> command = new java.util.ArrayList<>();
    command.add(LauncherProcess.javaExecutable());
    command.addAll(java.util.List.of(properties));
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(FakeComponent.class.getName());
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }
}
