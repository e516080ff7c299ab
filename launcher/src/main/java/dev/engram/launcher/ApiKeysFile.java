package dev.engram.launcher;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * {@code secrets/api-keys}: the keys made with {@code ./engram key create}, which every service of
 * the suite reads as {@code engram.auth.keys-file} and re-reads when it changes. One {@code
 * <id>:<tenant>:<role>[+<role>]:<sha256-hex>} per line (never the key itself), each after a {@code
 * # <id> created <instant>} comment that {@code key list} shows. Replaced atomically, so a service
 * never reads half a file.
 */
final class ApiKeysFile {

  static final String FILE_NAME = "api-keys";
  private static final String HEADER =
      """
      # Written by ./engram key create|revoke. Every service of this suite accepts these keys
      # (engram.auth.keys-file) and re-reads this file when it changes. Only sha256 hashes here.
      """;

  /** One key: its id, tenant, roles, the sha256 of its secret, and when it was made. */
  record Entry(String id, String tenant, List<String> roles, String sha256, Instant created) {

    String line() {
      return id + ":" + tenant + ":" + String.join("+", roles) + ":" + sha256;
    }
  }

  private final Path file;

  ApiKeysFile(Path file) {
    this.file = file;
  }

  static ApiKeysFile of(Path home) {
    return new ApiKeysFile(home.resolve("secrets").resolve(FILE_NAME));
  }

  Path path() {
    return file;
  }

  /** Creates an empty file (services refuse to start on a missing keys file). */
  void ensureExists() throws IOException {
    if (!Files.exists(file)) {
      write(List.of());
    }
  }

  List<Entry> read() throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    List<Entry> entries = new ArrayList<>();
    Map<String, Instant> created = new HashMap<>();
    int number = 0;
    for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      number++;
      String line = raw.strip();
      if (line.startsWith("#")) {
        String[] words = line.substring(1).strip().split(" ");
        if (words.length == 3 && words[1].equals("created")) {
          try {
            created.put(words[0], Instant.parse(words[2]));
          } catch (DateTimeParseException ignored) {
            // a comment that only looks like ours
          }
        }
        continue;
      }
      if (line.isEmpty()) {
        continue;
      }
      String[] parts = line.split(":");
      if (parts.length != 4) {
        throw new IOException(
            file + " line " + number + " is not <id>:<tenant>:<roles>:<sha256>: fix or delete it");
      }
      entries.add(
          new Entry(
              parts[0], parts[1], List.of(parts[2].split("\\+")), parts[3], created.get(parts[0])));
    }
    return entries;
  }

  /** Reads, changes and writes the entries under a lock, so two commands never lose an edit. */
  List<Entry> update(UnaryOperator<List<Entry>> change) throws IOException {
    createSecretsDirectory();
    try (FileChannel channel =
            FileChannel.open(
                file.resolveSibling(FILE_NAME + ".lock"),
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = channel.lock()) {
      List<Entry> changed = change.apply(read());
      write(changed);
      return changed;
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** Owner-only like the rest of secrets/, also when no suite has started here yet. */
  private void createSecretsDirectory() throws IOException {
    if (!Files.isDirectory(file.getParent())) {
      Files.createDirectories(file.getParent());
      SuiteHome.ownerOnly(file.getParent(), "rwx------");
    }
  }

  private void write(List<Entry> entries) throws IOException {
    StringBuilder text = new StringBuilder(HEADER);
    for (Entry e : entries) {
      if (e.created() != null) {
        text.append("# ").append(e.id()).append(" created ").append(e.created()).append('\n');
      }
      text.append(e.line()).append('\n');
    }
    createSecretsDirectory();
    Path tmp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
    try {
      SuiteHome.ownerOnly(tmp, "rw-------");
      Files.writeString(tmp, text, StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
