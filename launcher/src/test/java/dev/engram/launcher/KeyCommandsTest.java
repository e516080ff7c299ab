package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./engram key create | list | revoke} on a temporary home. */
class KeyCommandsTest {

  @TempDir Path home;
  private CliRun cli;

  @BeforeEach
  void cli() {
    cli = new CliRun(home, Map.of());
  }

  private Path keysFile() {
    return home.resolve("secrets/api-keys");
  }

  /** The key id the create command reported. */
  private String createdId() {
    Matcher m = Pattern.compile("Created key (key-[0-9a-f]{8}) ").matcher(cli.err());
    assertTrue(m.find(), cli.err());
    return m.group(1);
  }

  @Test
  void createPrintsTheKeyOnceAndStoresOnlyItsHash() throws IOException {
    assertEquals(0, cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent,admin"));
    String key = cli.out().strip();
    assertTrue(key.matches("egk_[A-Za-z0-9_-]{43}"), "only the key on stdout: " + cli.out());
    String id = createdId();
    assertTrue(cli.err().contains("shown once"), cli.err());

    String file = Files.readString(keysFile());
    assertFalse(file.contains(key), "never the key itself");
    assertTrue(
        file.contains(id + ":acme:agent+admin:" + SuiteSecrets.sha256Hex(key) + "\n"),
        "the entry the services parse (common's ApiKeyRegistry format): " + file);
    assertEquals(
        "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(keysFile())));
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(keysFile().getParent())),
        "secrets/ made by key create on a home no suite has used yet");

    assertEquals(0, cli.fresh("key", "create", "--tenant", "beta", "--roles", "ops"));
    assertTrue(cli.out().strip().matches("egk_.*") && !cli.out().strip().equals(key), "a new key");
    assertEquals(2, Files.readString(keysFile()).lines().filter(l -> l.startsWith("key-")).count());

    // an operator key for the whole suite, in the form the services' registry accepts
    assertEquals(0, cli.fresh("key", "create", "--tenant", "*", "--roles", "ops"));
    assertTrue(
        Files.readString(keysFile())
            .lines()
            .anyMatch(l -> l.matches("key-[^:]+:\\*:ops:[0-9a-f]{64}")),
        Files.readString(keysFile()));
  }

  @Test
  void listShowsIdTenantRolesAndCreatedButNeverKeyOrHash() {
    assertEquals(0, cli.fresh("key", "list"));
    assertTrue(cli.out().contains("No keys created yet"), cli.out());

    cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent");
    String key = cli.out().strip();
    String id = createdId();
    assertEquals(0, cli.fresh("key", "list"));
    List<String> lines = cli.out().lines().toList();
    assertEquals(List.of("id", "tenant", "roles", "created"), List.of(lines.get(0).split("\\s+")));
    String[] row = lines.get(1).split("\\s+");
    assertEquals(id, row[0]);
    assertEquals("acme", row[1]);
    assertEquals("agent", row[2]);
    assertTrue(row[3].matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), row[3]);
    assertFalse(
        cli.out().contains(key) || cli.out().contains(SuiteSecrets.sha256Hex(key)), cli.out());
  }

  @Test
  void revokeRemovesTheEntryAndKeepsTheOthers() throws IOException {
    cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent");
    String first = createdId();
    cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent");
    String second = createdId();

    assertEquals(0, cli.fresh("key", "revoke", first));
    assertTrue(cli.out().contains("Revoked " + first + " (tenant acme)"), cli.out());
    String file = Files.readString(keysFile());
    assertFalse(file.contains(first), file);
    assertTrue(file.contains(second + ":acme:agent:"), file);

    assertEquals(1, cli.fresh("key", "revoke", first));
    assertTrue(cli.err().contains("no key " + first), cli.err());
    assertEquals(1, cli.fresh("key", "revoke", "local-admin"));
    assertTrue(cli.err().contains("suite's own keys"), cli.err());
  }

  @Test
  void tenantAndRolesAreValidated() throws IOException {
    assertEquals(2, cli.fresh("key", "create", "--tenant", "acme corp", "--roles", "agent"));
    assertTrue(cli.err().contains("--tenant must be"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--roles", "agent"));
    assertTrue(cli.err().contains("--tenant must be"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--tenant", "acme", "--roles", "internal"));
    assertTrue(cli.err().contains("internal role"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--tenant", "*", "--roles", "ops,admin"));
    assertTrue(cli.err().contains("--roles ops alone"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--tenant", "*", "--roles", "agent"));
    assertTrue(cli.err().contains("--roles ops alone"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent,wizard"));
    assertTrue(cli.err().contains("unknown role 'wizard'"), cli.err());
    assertEquals(2, cli.fresh("key", "create", "--tenant", "acme"));
    assertTrue(cli.err().contains("--roles is required"), cli.err());
    assertEquals(2, cli.fresh("key", "rotate"));
    assertTrue(cli.err().contains("Unmatched argument at index 1: 'rotate'"), cli.err());
    assertEquals(
        2, cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent", "--ttl", "1"));
    assertTrue(cli.err().contains("Unknown options: '--ttl'"), cli.err());
    assertFalse(
        Files.exists(keysFile()) && Files.readString(keysFile()).contains(":acme:"),
        "nothing stored");
  }

  @Test
  void aHandBrokenKeysFileIsReportedNotOverwritten() throws IOException {
    Files.createDirectories(keysFile().getParent());
    Files.writeString(keysFile(), "k1:acme:agent\n");
    assertEquals(1, cli.fresh("key", "create", "--tenant", "acme", "--roles", "agent"));
    assertTrue(
        cli.err().contains("api-keys line 1 is not <id>:<tenant>:<roles>:<sha256>"), cli.err());
    assertEquals("", cli.out(), "no key printed that was never stored");
    assertEquals("k1:acme:agent\n", Files.readString(keysFile()));
  }
}
