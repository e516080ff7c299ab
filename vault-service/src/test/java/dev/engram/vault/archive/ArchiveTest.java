package dev.engram.vault.archive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.vault.VaultError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real archives, real crypto: what verify accepts and how it names what it refuses. */
class ArchiveTest {

  static final String OLD = "old:" + key(1);
  static final String NEW = "new:" + key(2);
  static final KeyRing RING = KeyRing.of(List.of(OLD, NEW), Optional.of("new"));

  @TempDir Path dir;

  @Test
  void anEncryptedArchiveVerifiesWithManifestFirst() throws Exception {
    Path archive = write("a", RING.primary());

    VerifiedArchive verified = verify(archive, RING);

    assertTrue(verified.encrypted());
    assertEquals("new", verified.keyId());
    assertEquals(3000 + 40 + 0, verified.records());
    assertEquals(
        Map.of("capture/memories", 3000L, "graph/facts", 40L, "capture/slots", 0L),
        verified.manifest().counts());
    assertEquals(1234, verified.manifest().outboxPosition().path("outbox_id").asInt());
    // The header is readable without any key and names the key; the rest is ciphertext.
    String start = new String(Files.readAllBytes(archive), 0, 200, StandardCharsets.ISO_8859_1);
    assertTrue(start.startsWith("engram-vault-encrypted/1\n{\"key_id\":\"new\""), start);
    assertFalse(start.contains("memories"));
  }

  @Test
  void aPlainArchiveIsATarGzWithManifestJsonFirst() throws Exception {
    Path archive = write("p", Optional.empty());

    try (TarArchiveInputStream tar =
        new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(archive)))) {
      assertEquals("manifest.json", tar.getNextEntry().getName());
      assertTrue(new String(tar.readAllBytes(), StandardCharsets.UTF_8).contains("\"sha256\""));
      assertEquals("capture/memories.jsonl", tar.getNextEntry().getName());
    }
    VerifiedArchive verified = verify(archive, KeyRing.none());
    assertFalse(verified.encrypted());
    assertNull(verified.keyId());
  }

  @Test
  void oldArchivesOpenWithTheirOldKeyAfterRotation() throws Exception {
    KeyRing before = KeyRing.of(List.of(OLD), Optional.of("old"));
    Path archive = write("rotated", before.primary());

    assertEquals("old", verify(archive, RING).keyId());
  }

  @Test
  void aChangedByteIsTampering() throws Exception {
    for (Optional<KeyRing.ArchiveKey> key :
        List.of(RING.primary(), Optional.<KeyRing.ArchiveKey>empty())) {
      Path archive = write("t" + key.isPresent(), key);
      byte[] bytes = Files.readAllBytes(archive);
      bytes[bytes.length / 2] ^= 0x01;

      assertRefused(VaultError.BACKUP_TAMPERED, bytes, RING);
    }
  }

  @Test
  void aShortenedArchiveIsTruncated() throws Exception {
    for (Optional<KeyRing.ArchiveKey> key :
        List.of(RING.primary(), Optional.<KeyRing.ArchiveKey>empty())) {
      byte[] bytes = Files.readAllBytes(write("c" + key.isPresent(), key));
      for (int keep : new int[] {bytes.length - 1, bytes.length - 4096, bytes.length / 2, 120}) {
        byte[] cut = java.util.Arrays.copyOf(bytes, keep);

        assertRefused(VaultError.BACKUP_TRUNCATED, cut, RING);
      }
    }
  }

  @Test
  void aDifferentKeyUnderTheSameIdIsTheWrongKey() throws Exception {
    byte[] bytes = Files.readAllBytes(write("w", RING.primary()));
    KeyRing impostor = KeyRing.of(List.of("new:" + key(9)), Optional.of("new"));

    assertRefused(VaultError.BACKUP_WRONG_KEY, bytes, impostor);
  }

  @Test
  void aKeyThatIsNotConfiguredIsUnknown() throws Exception {
    byte[] bytes = Files.readAllBytes(write("u", RING.primary()));

    assertRefused(
        VaultError.BACKUP_KEY_UNKNOWN, bytes, KeyRing.of(List.of(OLD), Optional.of("old")));
    assertRefused(VaultError.BACKUP_KEY_UNKNOWN, bytes, KeyRing.none());
  }

  @Test
  void anEditedHeaderFailsAuthentication() throws Exception {
    byte[] bytes = Files.readAllBytes(write("h", RING.primary()));
    String text = new String(bytes, StandardCharsets.ISO_8859_1);
    // Swap the header's JSON key order: same key, same meaning, different associated data.
    int end = text.indexOf('\n', 30);
    String header = text.substring(0, end);
    String edited = header.replace("{\"key_id\":\"new\",", "{ \"key_id\":\"new\",");
    byte[] changed = (edited + text.substring(end)).getBytes(StandardCharsets.ISO_8859_1);

    assertRefused(VaultError.BACKUP_TAMPERED, changed, RING);
  }

  @Test
  void aLineThatIsNotJsonIsMalformedEvenWithAMatchingChecksum() throws Exception {
    try (EntrySpool spool = new EntrySpool(dir)) {
      spool.append("capture", "memories", "{\"id\":1}".getBytes(StandardCharsets.UTF_8));
      spool.append("capture", "memories", "not json".getBytes(StandardCharsets.UTF_8));
      List<EntrySpool.SpooledEntry> entries = spool.finish();
      Path archive = dir.resolve("bad-line");
      ArchiveWriter.write(archive, manifest("bad", entries), entries, RING.primary());

      assertRefused(VaultError.BACKUP_MALFORMED, Files.readAllBytes(archive), RING);
    }
  }

  @Test
  void somethingElseIsNotAnArchive() {
    assertRefused(
        VaultError.BACKUP_MALFORMED, "hello".getBytes(StandardCharsets.UTF_8), KeyRing.none());
    assertRefused(VaultError.BACKUP_MALFORMED, new byte[0], KeyRing.none());
  }

  @Test
  void badKeySettingsAreRefusedWithoutShowingTheKey() {
    var tooShort =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                KeyRing.of(
                    List.of("k:" + Base64.getEncoder().encodeToString(new byte[16])),
                    Optional.of("k")));
    assertTrue(tooShort.getMessage().contains("32 bytes"));
    assertThrows(IllegalArgumentException.class, () -> KeyRing.of(List.of(OLD), Optional.empty()));
    assertThrows(
        IllegalArgumentException.class, () -> KeyRing.of(List.of(OLD), Optional.of("other")));
    assertThrows(
        IllegalArgumentException.class, () -> KeyRing.of(List.of(OLD, OLD), Optional.of("old")));
  }

  @Test
  void spooledEntriesCarryTheirChecksums() throws Exception {
    try (EntrySpool spool = new EntrySpool(dir)) {
      spool.append("graph", "facts", "{}".getBytes(StandardCharsets.UTF_8));
      Manifest.Entry entry = spool.finish().get(0).entry();
      assertEquals(
          dev.engram.common.Sha256.hex("{}\n"), entry.sha256(), "sha256 of the entry's bytes");
      assertEquals(3, entry.sizeBytes());
    }
  }

  /** An archive with 3000 memories, an empty slots stream and 40 facts. */
  Path write(String id, Optional<KeyRing.ArchiveKey> key) throws IOException {
    try (EntrySpool spool = new EntrySpool(dir)) {
      for (int i = 0; i < 3000; i++) {
        spool.append(
            "capture",
            "memories",
            ("{\"id\":" + i + ",\"text\":\"memory number " + i + " with some words\"}")
                .getBytes(StandardCharsets.UTF_8));
      }
      spool.declare("capture", "slots");
      for (int i = 0; i < 40; i++) {
        spool.append("graph", "facts", ("{\"id\":" + i + "}").getBytes(StandardCharsets.UTF_8));
      }
      List<EntrySpool.SpooledEntry> entries = spool.finish();
      Path archive = dir.resolve(id + ".archive");
      ArchiveWriter.write(archive, manifest(id, entries), entries, key);
      return archive;
    }
  }

  static Manifest manifest(String id, List<EntrySpool.SpooledEntry> entries) throws IOException {
    return new Manifest(
        Manifest.FORMAT,
        Manifest.VERSION,
        id,
        Instant.parse("2026-11-20T03:00:00Z"),
        List.of(),
        ArchiveJson.MAPPER.readTree("{\"outbox_id\":1234}"),
        "all-MiniLM-L6-v2-q",
        entries.stream().map(EntrySpool.SpooledEntry::entry).toList());
  }

  static VerifiedArchive verify(Path archive, KeyRing ring) throws Exception {
    try (InputStream in = Files.newInputStream(archive)) {
      return ArchiveVerifier.verify(in, ring);
    }
  }

  static void assertRefused(VaultError expected, byte[] bytes, KeyRing ring) {
    ArchiveException refused =
        assertThrows(
            ArchiveException.class,
            () -> ArchiveVerifier.verify(new ByteArrayInputStream(bytes), ring));
    assertEquals(expected, refused.error(), refused.getMessage());
  }

  static String key(int seed) {
    byte[] key = new byte[32];
    java.util.Arrays.fill(key, (byte) seed);
    return Base64.getEncoder().encodeToString(key);
  }

  @Test
  void keysAreNeverPrinted() {
    assertFalse(RING.primary().get().toString().contains(key(2)));
  }
}
