package dev.engram.vault.archive;

/**
 * An archive that was read end to end: every entry's checksum and count matched its manifest and
 * every line parsed.
 *
 * @param keyId the key that opened it; null when it is not encrypted
 */
public record VerifiedArchive(Manifest manifest, boolean encrypted, String keyId, long records) {}
