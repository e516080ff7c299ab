package dev.engram.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * The process supervision the embedded servers (PostgreSQL, Neo4j) share: start the server from its
 * arguments, announce readiness on stdout, then stay up until SIGTERM (the shutdown hook stops the
 * server cleanly) or, with {@code --exit-with-parent}, until the parent closes our stdin, so that a
 * test JVM that dies never leaves a database behind. A server that fails to start exits with 1.
 */
final class ServerMain {

  /** A started server: the line that tells the launcher it is ready, and how to stop it. */
  record Running(String readyLine, Runnable stop) {}

  /** Starts one kind of server from its command-line arguments. */
  @FunctionalInterface
  interface Starter {
    Running start(Args args) throws Exception;
  }

  private ServerMain() {}

  /** The whole life of a server process: {@code main} of each server calls only this. */
  static void run(String[] argv, Starter starter) {
    try {
      Args args = Args.parse(argv);
      Running running = starter.start(args);
      awaitShutdown(args, running.stop(), running.readyLine());
    } catch (Throwable e) {
      // A server's own non-daemon threads (Neo4j's) would otherwise keep a JVM alive that never
      // says READY.
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static void awaitShutdown(Args args, Runnable stop, String readyLine)
      throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stop.run();
                  stopped.countDown();
                },
                "engram-stop"));
    System.out.println(readyLine);
    System.out.flush();
    if (args.flag("exit-with-parent")) {
      Thread watcher =
          new Thread(
              () -> {
                try (InputStream in = System.in) {
                  while (in.read() >= 0) {
                    // nothing: the parent never writes, it only keeps the pipe open
                  }
                } catch (IOException ignored) {
                  // the parent is gone either way
                }
                System.exit(0);
              },
              "engram-parent-watch");
      watcher.setDaemon(true);
      watcher.start();
    }
    stopped.await();
  }
}
