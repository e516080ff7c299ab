package dev.engram.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The secrets ./engram generates once and reuses, including the vault's backup key. */
class SuiteSecretsTest {

  @TempDir Path dir;

  @Test
  void theVaultKeyIsGeneratedOnceAsA256BitKeyWithAnId() throws Exception {
    SuiteHome home = new SuiteHome(dir);
    Files.createDirectories(home.secrets());
    SuiteSecrets first = SuiteSecrets.loadOrCreate(home);
    String entry = first.vaultKeys();
    assertEquals("local-1", first.vaultPrimaryKey());
    byte[] key = Base64.getDecoder().decode(entry.substring(entry.indexOf(':') + 1));
    assertEquals(32, key.length);
    assertEquals(
        "rw-------",
        PosixFilePermissions.toString(
            Files.getPosixFilePermissions(home.secrets().resolve("vault.keys"))));
    assertEquals(entry, SuiteSecrets.loadOrCreate(home).vaultKeys(), "reused, not regenerated");
    assertNotEquals(entry, SuiteSecrets.newVaultKey());
  }

  @Test
  void theLastKeyOfARotatedListEncryptsNewBackups() throws Exception {
    SuiteHome home = new SuiteHome(dir);
    Files.createDirectories(home.secrets());
    Files.writeString(home.secrets().resolve("vault.keys"), "local-1:AAAA,local-2:BBBB\n");
    assertEquals("local-2", SuiteSecrets.loadOrCreate(home).vaultPrimaryKey());
  }
}
