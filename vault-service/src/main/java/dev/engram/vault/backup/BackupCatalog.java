package dev.engram.vault.backup;

import dev.engram.common.error.EngramException;
import dev.engram.vault.archive.ArchiveJson;
import dev.engram.vault.destination.BackupDestination;
import dev.engram.vault.destination.BackupDestination.StoredFile;
import dev.engram.vault.destination.BackupDirectory;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The backups at the destination: files named {@code <id>.engram.tar.gz} or, encrypted, {@code
 * <id>.engram.tar.gz.enc}, each with its catalog record {@code <id>.engram.json}. Anything else —
 * partial files ({@code *.part}), dotfiles (such as the readiness probe), directories — is not a
 * backup and is never listed.
 */
@ApplicationScoped
public class BackupCatalog {

  /** A backup id, as it appears in URLs and file names. */
  public static final String ID = "[A-Za-z0-9._-]+";

  static final String SUFFIX = ".engram.tar.gz";
  static final String ENCRYPTED_SUFFIX = SUFFIX + ".enc";
  static final String RECORD_SUFFIX = ".engram.json";

  private static final Logger LOG = Logger.getLogger(BackupCatalog.class);
  private static final Pattern ID_PATTERN = Pattern.compile(ID);
  private static final Pattern FILE_NAME =
      Pattern.compile("(" + ID + ")" + Pattern.quote(SUFFIX) + "(\\.enc)?");
  private static final Comparator<Backup> NEWEST_FIRST =
      Comparator.comparing(Backup::createdAt).reversed().thenComparing(Backup::file);

  private final BackupDestination destination;

  BackupCatalog(BackupDestination destination) {
    this.destination = destination;
  }

  public BackupDestination destination() {
    return destination;
  }

  /** Every backup, newest first. */
  public List<Backup> list() {
    List<StoredFile> files = files();
    Map<String, StoredFile> byName = new HashMap<>();
    files.forEach(file -> byName.put(file.name(), file));
    List<Backup> backups = new ArrayList<>();
    for (StoredFile file : files) {
      backup(file, byName).ifPresent(backups::add);
    }
    backups.sort(NEWEST_FIRST);
    return backups;
  }

  /**
   * The backup with this id. Should both an encrypted and a plain archive carry it, the encrypted
   * one is the backup (a plain copy next to it is a leftover of inspecting it).
   */
  public Optional<Backup> find(String id) {
    if (!ID_PATTERN.matcher(id).matches()) {
      throw new IllegalArgumentException("not a backup id: " + id);
    }
    if (id.startsWith(".")) {
      return Optional.empty();
    }
    Map<String, StoredFile> byName = new HashMap<>();
    files().forEach(file -> byName.put(file.name(), file));
    return Optional.ofNullable(byName.get(id + ENCRYPTED_SUFFIX))
        .or(() -> Optional.ofNullable(byName.get(id + SUFFIX)))
        .flatMap(file -> backup(file, byName));
  }

  /** The catalog record of a backup the vault wrote. */
  Optional<CatalogRecord> record(String id) {
    try {
      Optional<byte[]> json = destination.read(id + RECORD_SUFFIX);
      return json.isEmpty()
          ? Optional.empty()
          : Optional.of(ArchiveJson.MAPPER.readValue(json.get(), CatalogRecord.class));
    } catch (IOException e) {
      LOG.warnf("Cannot read the catalog record of %s: %s", id, e.getMessage());
      return Optional.empty();
    }
  }

  void save(CatalogRecord record) throws IOException {
    destination.write(record.id() + RECORD_SUFFIX, ArchiveJson.MAPPER.writeValueAsBytes(record));
  }

  /** Deletes the archive first, then its record: a record without an archive is never listed. */
  void delete(Backup backup) throws IOException {
    destination.delete(backup.file());
    destination.delete(backup.id() + RECORD_SUFFIX);
  }

  private List<StoredFile> files() {
    try {
      return destination.list();
    } catch (IOException e) {
      throw unavailable(e);
    }
  }

  /** The backup this file is, if it is one. */
  private Optional<Backup> backup(StoredFile file, Map<String, StoredFile> byName) {
    String name = file.name();
    Matcher match = FILE_NAME.matcher(name);
    if (name.startsWith(".") || !match.matches()) {
      return Optional.empty();
    }
    String id = match.group(1);
    boolean encrypted = match.group(2) != null;
    Optional<CatalogRecord> record =
        byName.containsKey(id + RECORD_SUFFIX) ? record(id) : Optional.empty();
    return Optional.of(
        record
            .map(
                r ->
                    new Backup(
                        id,
                        name,
                        file.size(),
                        r.createdAt(),
                        encrypted,
                        destination.kind(),
                        r.counts(),
                        r.records(),
                        r.verified(),
                        r.verifiedAt(),
                        r.keyId()))
            .orElseGet(
                () ->
                    new Backup(
                        id,
                        name,
                        file.size(),
                        file.modified().truncatedTo(ChronoUnit.MILLIS),
                        encrypted,
                        destination.kind(),
                        null,
                        null,
                        null,
                        null,
                        null)));
  }

  EngramException unavailable(IOException e) {
    LOG.warnf("Backup destination %s is not usable: %s", destination.kind(), describe(e));
    return new EngramException(
        destination.unavailable(),
        "local".equals(destination.kind())
            ? "The backup directory cannot be read; /q/health/ready says why"
            : "The backup destination cannot be reached; the vault's log says why");
  }

  private static String describe(IOException e) {
    return BackupDirectory.describe(e);
  }
}
