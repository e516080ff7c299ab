package dev.engram.vault.archive;

import dev.engram.vault.archive.EntrySpool.SpooledEntry;
import dev.engram.vault.archive.KeyRing.ArchiveKey;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Writes an archive file: tar.gz with manifest.json first, then the spooled entries, optionally
 * inside the encryption envelope. Everything is streamed with fixed-size buffers.
 */
public final class ArchiveWriter {

  private ArchiveWriter() {}

  /** Writes {@code target} (which must not exist) and fsyncs it. */
  public static void write(
      Path target, Manifest manifest, List<SpooledEntry> entries, Optional<ArchiveKey> key)
      throws IOException {
    try (FileChannel channel =
        FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      OutputStream file = new BufferedOutputStream(new KeepOpen(channel), 64 * 1024);
      OutputStream sealed = key.isPresent() ? Envelope.encrypt(file, key.get()) : file;
      try (TarArchiveOutputStream tar =
          new TarArchiveOutputStream(new GZIPOutputStream(sealed, 64 * 1024))) {
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
        byte[] json =
            ArchiveJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest);
        TarArchiveEntry manifestEntry = new TarArchiveEntry(Manifest.FILE_NAME);
        manifestEntry.setSize(json.length);
        manifestEntry.setModTime(manifest.createdAt().toEpochMilli());
        tar.putArchiveEntry(manifestEntry);
        tar.write(json);
        tar.closeArchiveEntry();
        for (SpooledEntry entry : entries) {
          TarArchiveEntry tarEntry = new TarArchiveEntry(entry.entry().name());
          tarEntry.setSize(entry.entry().sizeBytes());
          tarEntry.setModTime(manifest.createdAt().toEpochMilli());
          tar.putArchiveEntry(tarEntry);
          Files.copy(entry.file(), tar);
          tar.closeArchiveEntry();
        }
        tar.finish();
      }
      channel.force(true);
    }
  }

  /** The channel as a stream whose close leaves the channel open, so it can still be fsynced. */
  private static final class KeepOpen extends OutputStream {
    private final OutputStream out;

    KeepOpen(FileChannel channel) {
      this.out = Channels.newOutputStream(channel);
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      out.write(bytes, offset, length);
    }

    @Override
    public void close() {
      // the channel is closed by its owner, after force
    }
  }
}
