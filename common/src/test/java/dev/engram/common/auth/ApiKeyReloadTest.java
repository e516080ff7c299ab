package dev.engram.common.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys file is re-read while the service runs: what `./engram key create|revoke` relies on. */
class ApiKeyReloadTest {

  private static final String STATIC = "static:acme:agent:" + ApiKeyRegistry.sha256Hex("static");
  private static final String FIRST = "k1:acme:agent:" + ApiKeyRegistry.sha256Hex("first");
  private static final String SECOND = "k2:beta:agent+admin:" + ApiKeyRegistry.sha256Hex("second");

  @TempDir Path dir;
  private Path file;
  private final AtomicLong clock = new AtomicLong();
  private ApiKeyRegistry registry;

  @BeforeEach
  void start() throws IOException {
    file = dir.resolve("api-keys");
    write("# keys\n" + FIRST + "\n");
    registry = new ApiKeyRegistry(List.of(STATIC), Optional.of(file), clock::get);
  }

  /** Replaced the way the launcher does it: a new file moved over the old one. */
  private void write(String text) throws IOException {
    Path tmp = Files.createTempFile(dir, "keys", ".tmp");
    Files.writeString(tmp, text);
    Files.move(tmp, dir.resolve("api-keys"), StandardCopyOption.REPLACE_EXISTING);
  }

  private void aSecondLater() {
    clock.addAndGet(Duration.ofMillis(1001).toNanos());
  }

  @Test
  void aKeyAddedToTheFileIsAcceptedAndARevokedOneRefused() throws IOException {
    assertTrue(registry.lookup("first").isPresent());
    assertFalse(registry.lookup("second").isPresent());

    write(FIRST + "\n" + SECOND + "\n");
    aSecondLater();
    ApiKey added = registry.lookup("second").orElseThrow();
    assertEquals("beta", added.tenant());
    assertEquals(java.util.Set.of("agent", "admin"), added.roles());

    write(SECOND + "\n");
    aSecondLater();
    assertFalse(registry.lookup("first").isPresent(), "revoked");
    assertTrue(registry.lookup("second").isPresent());
    assertTrue(registry.lookup("static").isPresent(), "configured keys stay");
  }

  @Test
  void theFileIsLookedAtAtMostOnceASecond() throws IOException {
    write(FIRST + "\n" + SECOND + "\n");
    clock.addAndGet(Duration.ofMillis(500).toNanos());
    assertFalse(registry.lookup("second").isPresent(), "not checked yet");
    clock.addAndGet(Duration.ofMillis(600).toNanos());
    assertTrue(registry.lookup("second").isPresent());
  }

  @Test
  void aMalformedOrMissingFileKeepsTheLastGoodKeys() throws IOException {
    write(FIRST + "\nnot an entry\n" + SECOND + "\n");
    aSecondLater();
    assertTrue(registry.lookup("first").isPresent(), "old set kept");
    assertFalse(registry.lookup("second").isPresent(), "nothing of the bad file taken");

    Files.delete(file);
    aSecondLater();
    assertTrue(registry.lookup("first").isPresent(), "a deleted file locks nobody out");

    write(SECOND + "\n");
    aSecondLater();
    assertTrue(registry.lookup("second").isPresent(), "the next good file is taken");
    assertFalse(registry.lookup("first").isPresent());
  }
}
