package dev.engram.vault.archive;

import dev.engram.vault.VaultError;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

/**
 * Opens an archive layer by layer (envelope, gzip, tar), reads its manifest and then hands out its
 * entries one after the other, streamed. {@link ArchiveVerifier} checks them; a restore loads them.
 */
public final class ArchiveReader {

  private static final int MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

  private final GZIPInputStream gzip;
  private final TarArchiveInputStream tar;
  private final Manifest manifest;
  private final String keyId;

  private ArchiveReader(
      GZIPInputStream gzip, TarArchiveInputStream tar, Manifest manifest, String keyId) {
    this.gzip = gzip;
    this.tar = tar;
    this.manifest = manifest;
    this.keyId = keyId;
  }

  /**
   * Reads the archive's layers up to and including its manifest. The caller closes {@code stored}.
   */
  public static ArchiveReader open(InputStream stored, KeyRing keys)
      throws ArchiveException, StorageReadException {
    try {
      BufferedInputStream in = new BufferedInputStream(new StorageStream(stored), 64 * 1024);
      in.mark(Envelope.MAGIC.length);
      byte[] start = in.readNBytes(Envelope.MAGIC.length);
      String keyId = null;
      InputStream compressed = in;
      if (Envelope.isEncrypted(start)) {
        Envelope.Decrypted decrypted = Envelope.decrypt(in, keys);
        keyId = decrypted.keyId();
        compressed = decrypted.plaintext();
      } else {
        in.reset();
        if (start.length < 2 || (start[0] & 0xff) != 0x1f || (start[1] & 0xff) != 0x8b) {
          throw new ArchiveException(
              VaultError.BACKUP_MALFORMED,
              start.length == 0 ? "The archive is empty" : "Not an Engram backup archive");
        }
      }
      GZIPInputStream gzip = new GZIPInputStream(compressed, 64 * 1024);
      TarArchiveInputStream tar = new TarArchiveInputStream(gzip);
      TarArchiveEntry first = tar.getNextEntry();
      if (first == null || !Manifest.FILE_NAME.equals(first.getName())) {
        throw new ArchiveException(
            VaultError.BACKUP_MALFORMED, "The archive's first entry is not manifest.json");
      }
      return new ArchiveReader(gzip, tar, manifest(tar.readNBytes(MAX_MANIFEST_BYTES + 1)), keyId);
    } catch (IOException e) {
      throw classify(e);
    }
  }

  public Manifest manifest() {
    return manifest;
  }

  public boolean encrypted() {
    return keyId != null;
  }

  /** The key that opened it; null when not encrypted. */
  public String keyId() {
    return keyId;
  }

  /** The next entry's tar name, or null at the end; its content is {@link #content()}. */
  public String next() throws ArchiveException, StorageReadException {
    try {
      TarArchiveEntry entry = tar.getNextEntry();
      return entry == null ? null : entry.getName();
    } catch (IOException e) {
      throw classify(e);
    }
  }

  /**
   * The current entry's bytes; read errors surface as {@link IOException}s to {@link #classify}.
   */
  public InputStream content() {
    return tar;
  }

  /**
   * Reads to the very end, so gzip checks its trailer (CRC, length) and, for a sealed archive, the
   * last segment is authenticated: a cut after the tar's end marker must not pass.
   */
  public void finish() throws ArchiveException, StorageReadException {
    try {
      gzip.transferTo(OutputStream.nullOutputStream());
    } catch (IOException e) {
      throw classify(e);
    }
  }

  /** What an I/O failure while reading an archive means. */
  public static ArchiveException classify(IOException e) throws StorageReadException {
    if (e instanceof StorageReadException storage) {
      throw storage;
    }
    if (e instanceof ArchiveIOException archive) {
      return archive.toArchiveException();
    }
    if (e instanceof EOFException) {
      return new ArchiveException(VaultError.BACKUP_TRUNCATED, "The archive ends early");
    }
    if (e instanceof ZipException) {
      return new ArchiveException(
          VaultError.BACKUP_TAMPERED, "The archive's compressed data is corrupt (gzip)");
    }
    return new ArchiveException(
        VaultError.BACKUP_MALFORMED, "The archive is not a readable tar.gz archive");
  }

  private static Manifest manifest(byte[] json) throws ArchiveException {
    if (json.length > MAX_MANIFEST_BYTES) {
      throw new ArchiveException(
          VaultError.BACKUP_MALFORMED, "manifest.json is larger than 16 MiB");
    }
    Manifest manifest;
    try {
      manifest = ArchiveJson.MAPPER.readValue(json, Manifest.class);
    } catch (IOException e) {
      throw new ArchiveException(VaultError.BACKUP_MALFORMED, "manifest.json is not valid");
    }
    if (!Manifest.FORMAT.equals(manifest.format()) || manifest.entries() == null) {
      throw new ArchiveException(VaultError.BACKUP_MALFORMED, "manifest.json is not valid");
    }
    if (manifest.formatVersion() > Manifest.VERSION) {
      throw new ArchiveException(
          VaultError.BACKUP_MALFORMED,
          "Format version " + manifest.formatVersion() + " is newer than this vault reads");
    }
    return manifest;
  }

  /** Marks failures of the stored bytes' own stream, so they are not taken for archive damage. */
  private static final class StorageStream extends FilterInputStream {
    StorageStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (IOException e) {
        throw new StorageReadException(e);
      }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      try {
        return super.read(buffer, offset, length);
      } catch (IOException e) {
        throw new StorageReadException(e);
      }
    }
  }
}
