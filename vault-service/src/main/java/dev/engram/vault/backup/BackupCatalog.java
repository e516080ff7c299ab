package dev.engram.vault.backup;

import dev.engram.common.error.EngramException;
import dev.engram.vault.VaultError;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jboss.logging.Logger;

/**
 * The backups in the backup directory: files named {@code <id>.engram.tar.gz} or, encrypted, {@code
 * <id>.engram.tar.gz.enc}. Anything else — partial files ({@code *.part}), dotfiles (such as the
 * readiness probe), directories — is not a backup and is never listed.
 */
@ApplicationScoped
class BackupCatalog {

  /** A backup id, as it appears in URLs and file names. */
  static final String ID = "[A-Za-z0-9._-]+";

  static final String SUFFIX = ".engram.tar.gz";
  static final String ENCRYPTED_SUFFIX = SUFFIX + ".enc";

  private static final Logger LOG = Logger.getLogger(BackupCatalog.class);
  private static final Pattern ID_PATTERN = Pattern.compile(ID);
  private static final Pattern FILE_NAME =
      Pattern.compile("(" + ID + ")" + Pattern.quote(SUFFIX) + "(\\.enc)?");
  private static final Comparator<Backup> NEWEST_FIRST =
      Comparator.comparing(Backup::createdAt).reversed().thenComparing(Backup::file);

  private final BackupDirectory directory;

  BackupCatalog(BackupDirectory directory) {
    this.directory = directory;
  }

  /** Every backup, newest first. */
  List<Backup> list() {
    List<Backup> backups = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(directory.path())) {
      for (Path file : files) {
        read(file).ifPresent(backups::add);
      }
    } catch (IOException e) {
      throw unavailable(e);
    }
    backups.sort(NEWEST_FIRST);
    return backups;
  }

  /**
   * The backup with this id. Should both an encrypted and a plain archive carry it, the encrypted
   * one is the backup (a plain copy next to it is a leftover of inspecting it).
   */
  Optional<Backup> find(String id) {
    if (!ID_PATTERN.matcher(id).matches()) {
      throw new IllegalArgumentException("not a backup id: " + id);
    }
    if (!Files.isDirectory(directory.path())) {
      throw unavailable(new NoSuchFileException(directory.path().toString()));
    }
    return read(directory.path().resolve(id + ENCRYPTED_SUFFIX))
        .or(() -> read(directory.path().resolve(id + SUFFIX)));
  }

  /** The backup this file is, if it is one and still exists. */
  private static Optional<Backup> read(Path file) {
    String name = file.getFileName().toString();
    Matcher match = FILE_NAME.matcher(name);
    if (name.startsWith(".") || !match.matches()) {
      return Optional.empty();
    }
    try {
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      if (!attributes.isRegularFile()) {
        return Optional.empty();
      }
      return Optional.of(
          new Backup(
              match.group(1),
              name,
              attributes.size(),
              attributes.lastModifiedTime().toInstant().truncatedTo(ChronoUnit.MILLIS),
              match.group(2) != null));
    } catch (NoSuchFileException e) {
      return Optional.empty(); // removed (e.g. by retention) while we looked
    } catch (IOException e) {
      LOG.warnf("Cannot read backup %s: %s", file, BackupDirectory.describe(e));
      return Optional.empty();
    }
  }

  private EngramException unavailable(IOException e) {
    LOG.warnf(
        "Backup directory %s is not usable: %s", directory.path(), BackupDirectory.describe(e));
    return new EngramException(
        VaultError.BACKUP_DIRECTORY_UNAVAILABLE,
        "The backup directory cannot be read; /q/health/ready says why");
  }
}
