package dev.engram.launcher;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * What the embedded servers share: announce readiness on stdout, then stay up until SIGTERM (the
 * shutdown hook stops the server cleanly) or, with {@code --exit-with-parent}, until the parent
 * closes our stdin, so that a test JVM that dies never leaves a database behind.
 */
final class ServerMain {

  private ServerMain() {}

  static void awaitShutdown(Args args, Runnable stop, String readyLine)
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
