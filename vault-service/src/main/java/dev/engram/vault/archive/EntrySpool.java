package dev.engram.vault.archive;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Temporary files, one per archive entry, that the exports are streamed into. The manifest comes
 * first in the archive but holds every entry's checksum and count, and a tar entry needs its size
 * up front; spooling to disk gives both while memory stays flat whatever the data size.
 */
public final class EntrySpool implements AutoCloseable {

  private final Path directory;
  private final Map<String, Writer> writers = new LinkedHashMap<>();

  public EntrySpool(Path parent) throws IOException {
    this.directory = Files.createTempDirectory(parent, ".spool-");
  }

  /** Begins the entry {@code <source>/<stream>}, so it exists even when it stays empty. */
  public void declare(String source, String stream) throws IOException {
    writer(source, stream);
  }

  /** Appends one record (one JSON object, without a newline) to {@code <source>/<stream>}. */
  public void append(String source, String stream, byte[] json) throws IOException {
    Writer writer = writer(source, stream);
    writer.out.write(json);
    writer.out.write('\n');
    writer.count++;
  }

  private Writer writer(String source, String stream) throws IOException {
    Writer writer = writers.get(source + "/" + stream);
    if (writer == null) {
      writer = new Writer(source, stream, directory.resolve(source + "." + stream + ".jsonl"));
      writers.put(source + "/" + stream, writer);
    }
    return writer;
  }

  /** Records appended to one stream so far. */
  public long count(String source, String stream) {
    Writer writer = writers.get(source + "/" + stream);
    return writer == null ? 0 : writer.count;
  }

  /** Records appended so far, all streams. */
  public long total() {
    return writers.values().stream().mapToLong(writer -> writer.count).sum();
  }

  /** Closes every entry and returns them with their checksums and counts, in the order begun. */
  public List<SpooledEntry> finish() throws IOException {
    List<SpooledEntry> entries = new ArrayList<>();
    for (Writer writer : writers.values()) {
      writer.out.close();
      entries.add(
          new SpooledEntry(
              new Manifest.Entry(
                  writer.source + "/" + writer.stream + ".jsonl",
                  writer.source,
                  writer.stream,
                  writer.count,
                  Files.size(writer.file),
                  HexFormat.of().formatHex(writer.digest.digest())),
              writer.file));
    }
    return entries;
  }

  /** Deletes the spool. */
  @Override
  public void close() throws IOException {
    for (Writer writer : writers.values()) {
      writer.out.close();
    }
    try (Stream<Path> files = Files.walk(directory)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** An entry's content on disk and its manifest line. */
  public record SpooledEntry(Manifest.Entry entry, Path file) {}

  private static final class Writer {
    final String source;
    final String stream;
    final Path file;
    final MessageDigest digest;
    final OutputStream out;
    long count;

    Writer(String source, String stream, Path file) throws IOException {
      this.source = source;
      this.stream = stream;
      this.file = file;
      try {
        this.digest = MessageDigest.getInstance("SHA-256");
      } catch (NoSuchAlgorithmException e) {
        throw new IllegalStateException("SHA-256 is missing from this JVM", e);
      }
      this.out =
          new DigestOutputStream(
              new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024), digest);
    }
  }
}
