package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./engram key create | list | revoke} on a temporary home. */
class KeyCommandsTest {

  @TempDir Path home;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    out.reset();
    err.reset();
    return new EngramCli(
            Path.of("").toAbsolutePath().getParent(),
            home,
            Map.of(),
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8))
        .run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private Path keysFile() {
    return home.resolve("secrets/api-keys");
  }

  /** The key id the create command reported. */
  private String createdId() {
    Matcher m = Pattern.compile("Created key (key-[0-9a-f]{8}) ").matcher(err());
    assertTrue(m.find(), err());
    return m.group(1);
  }

  @Test
  void createPrintsTheKeyOnceAndStoresOnlyItsHash() throws IOException {
    assertEquals(0, run("key", "create", "--tenant", "acme", "--roles", "agent,admin"));
    String key = out().strip();
    assertTrue(key.matches("egk_[A-Za-z0-9_-]{43}"), "only the key on stdout: " + out());
    String id = createdId();
    assertTrue(err().contains("shown once"), err());

    String file = Files.readString(keysFile());
    assertFalse(file.contains(key), "never the key itself");
    assertTrue(
        file.contains(id + ":acme:agent+admin:" + SuiteSecrets.sha256Hex(key) + "\n"),
        "the entry the services parse (common's ApiKeyRegistry format): " + file);
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keysFile())));

    assertEquals(0, run("key", "create", "--tenant", "beta", "--roles", "ops"));
    assertTrue(out().strip().matches("egk_.*") && !out().strip().equals(key), "a new key");
    assertEquals(2, Files.readString(keysFile()).lines().filter(l -> l.startsWith("key-")).count());
  }

  @Test
  void listShowsIdTenantRolesAndCreatedButNeverKeyOrHash() {
    assertEquals(0, run("key", "list"));
    assertTrue(out().contains("No keys created yet"), out());

    run("key", "create", "--tenant", "acme", "--roles", "agent");
    String key = out().strip();
    String id = createdId();
    assertEquals(0, run("key", "list"));
    List<String> lines = out().lines().toList();
    assertEquals(List.of("id", "tenant", "roles", "created"), List.of(lines.get(0).split("\\s+")));
    String[] row = lines.get(1).split("\\s+");
    assertEquals(id, row[0]);
    assertEquals("acme", row[1]);
    assertEquals("agent", row[2]);
    assertTrue(row[3].matches("\\d{4}-\\d\\d-\\d\\dT.*Z"), row[3]);
    assertFalse(out().contains(key) || out().contains(SuiteSecrets.sha256Hex(key)), out());
  }

  @Test
  void revokeRemovesTheEntryAndKeepsTheOthers() throws IOException {
    run("key", "create", "--tenant", "acme", "--roles", "agent");
    String first = createdId();
    run("key", "create", "--tenant", "acme", "--roles", "agent");
    String second = createdId();

    assertEquals(0, run("key", "revoke", first));
    assertTrue(out().contains("Revoked " + first + " (tenant acme)"), out());
    String file = Files.readString(keysFile());
    assertFalse(file.contains(first), file);
    assertTrue(file.contains(second + ":acme:agent:"), file);

    assertEquals(1, run("key", "revoke", first));
    assertTrue(err().contains("no key " + first), err());
    assertEquals(1, run("key", "revoke", "local-admin"));
    assertTrue(err().contains("suite's own keys"), err());
  }

  @Test
  void tenantAndRolesAreValidated() throws IOException {
    assertEquals(2, run("key", "create", "--tenant", "acme corp", "--roles", "agent"));
    assertTrue(err().contains("--tenant must be"), err());
    assertEquals(2, run("key", "create", "--roles", "agent"));
    assertTrue(err().contains("--tenant must be"), err());
    assertEquals(2, run("key", "create", "--tenant", "acme", "--roles", "internal"));
    assertTrue(err().contains("internal role"), err());
    assertEquals(2, run("key", "create", "--tenant", "acme", "--roles", "agent,wizard"));
    assertTrue(err().contains("unknown role 'wizard'"), err());
    assertEquals(2, run("key", "create", "--tenant", "acme"));
    assertTrue(err().contains("--roles is required"), err());
    assertEquals(2, run("key", "rotate"));
    assertTrue(err().contains("unknown key command: rotate"), err());
    assertEquals(2, run("key", "create", "--tenant", "acme", "--roles", "agent", "--ttl", "1"));
    assertTrue(err().contains("unknown option --ttl"), err());
    assertFalse(
        Files.exists(keysFile()) && Files.readString(keysFile()).contains(":acme:"),
        "nothing stored");
  }
}
