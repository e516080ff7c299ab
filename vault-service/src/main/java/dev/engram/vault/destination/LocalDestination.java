package dev.engram.vault.destination;

import dev.engram.vault.VaultError;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The backup directory. Archives are staged in it under dot-names (never listed) and renamed into
 * place atomically, on the same file system.
 */
final class LocalDestination implements BackupDestination {

  private final BackupDirectory directory;

  LocalDestination(BackupDirectory directory) {
    this.directory = directory;
  }

  @Override
  public String kind() {
    return "local";
  }

  @Override
  public Path staging() {
    return directory.path();
  }

  @Override
  public List<StoredFile> list() throws IOException {
    List<StoredFile> files = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory.path())) {
      for (Path file : entries) {
        try {
          BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
          if (attributes.isRegularFile()) {
            files.add(
                new StoredFile(
                    file.getFileName().toString(),
                    attributes.size(),
                    attributes.lastModifiedTime().toInstant()));
          }
        } catch (NoSuchFileException e) {
          // removed (e.g. by retention) while we looked
        }
      }
    }
    return files;
  }

  @Override
  public InputStream open(String name) throws IOException {
    return Files.newInputStream(resolve(name));
  }

  @Override
  public Optional<byte[]> read(String name) throws IOException {
    try {
      return Optional.of(Files.readAllBytes(resolve(name)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  @Override
  public void write(String name, byte[] content) throws IOException {
    Path temp = directory.path().resolve("." + name + "." + UUID.randomUUID() + ".part");
    try (FileChannel channel =
        FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(content));
      channel.force(true);
    }
    publish(temp, name);
  }

  @Override
  public void publish(Path staged, String name) throws IOException {
    try {
      Files.move(staged, resolve(name), StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(staged);
    }
  }

  @Override
  public void delete(String name) throws IOException {
    Files.deleteIfExists(resolve(name));
  }

  @Override
  public void probe() throws IOException {
    directory.probe();
  }

  @Override
  public VaultError unavailable() {
    return VaultError.BACKUP_DIRECTORY_UNAVAILABLE;
  }

  private Path resolve(String name) {
    Path file = directory.path().resolve(name).normalize();
    if (!file.getParent().equals(directory.path()) || name.startsWith(".")) {
      throw new IllegalArgumentException("not a file name in the backup directory: " + name);
    }
    return file;
  }
}
