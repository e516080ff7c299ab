package dev.engram.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A suite home as {@code ./engram up} leaves it ({@code config.env} naming the services, the admin
 * key in {@code secrets/}), with scripted capture- and recall-services behind it.
 */
final class FakeSuite implements AutoCloseable {

  static final String KEY = "egk_local-admin-key";

  final FakeService capture;
  final FakeService recall;

  FakeSuite(Path home) throws IOException {
    capture = new FakeService();
    recall = new FakeService();
    Files.writeString(
        home.resolve("config.env"),
        "# written by ./engram\nENGRAM_CAPTURE_PORT=1\n"
            + ServiceClient.urlKey(Component.CAPTURE)
            + "="
            + capture.url()
            + "\n"
            + ServiceClient.urlKey(Component.RECALL)
            + "="
            + recall.url()
            + "\n");
    Files.createDirectories(home.resolve("secrets"));
    Files.writeString(home.resolve("secrets/admin.key"), KEY + "\n");
  }

  boolean untouched() {
    return capture.requests.isEmpty() && recall.requests.isEmpty();
  }

  @Override
  public void close() {
    capture.close();
    recall.close();
  }
}
