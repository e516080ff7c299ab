package dev.engram.vault.destination;

import dev.engram.vault.VaultError;
import dev.engram.vault.config.VaultConfig;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * An S3-compatible bucket. A verified archive is uploaded as a multipart upload, which stays
 * invisible until it is completed: a failed or interrupted upload is aborted and never listed.
 */
final class S3Destination implements BackupDestination {

  private final S3Client s3;
  private final String bucket;
  private final String prefix;
  private final long partSize;
  private final Path staging;

  S3Destination(S3Client s3, VaultConfig.S3 config, Path staging) {
    this.s3 = s3;
    this.bucket =
        config
            .bucket()
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "engram.vault.s3.bucket is required when engram.vault.destination=s3"));
    this.prefix = config.prefix().orElse("");
    this.partSize = Math.max(5, config.partSizeMib()) * 1024L * 1024L;
    this.staging = staging;
  }

  @Override
  public String kind() {
    return "s3";
  }

  @Override
  public Path staging() {
    return staging;
  }

  @Override
  public List<StoredFile> list() throws IOException {
    try {
      List<StoredFile> files = new ArrayList<>();
      for (S3Object object :
          s3.listObjectsV2Paginator(request -> request.bucket(bucket).prefix(prefix)).contents()) {
        String name = object.key().substring(prefix.length());
        if (!name.isEmpty() && !name.contains("/")) {
          files.add(new StoredFile(name, object.size(), object.lastModified()));
        }
      }
      return files;
    } catch (SdkException e) {
      throw failed("list", e);
    }
  }

  @Override
  public InputStream open(String name) throws IOException {
    try {
      return s3.getObject(request -> request.bucket(bucket).key(prefix + name));
    } catch (NoSuchKeyException e) {
      throw new NoSuchFileException(name);
    } catch (SdkException e) {
      throw failed("read " + name, e);
    }
  }

  @Override
  public Optional<byte[]> read(String name) throws IOException {
    try {
      ResponseBytes<GetObjectResponse> bytes =
          s3.getObjectAsBytes(request -> request.bucket(bucket).key(prefix + name));
      return Optional.of(bytes.asByteArray());
    } catch (NoSuchKeyException e) {
      return Optional.empty();
    } catch (SdkException e) {
      throw failed("read " + name, e);
    }
  }

  @Override
  public void write(String name, byte[] content) throws IOException {
    try {
      s3.putObject(
          request -> request.bucket(bucket).key(prefix + name), RequestBody.fromBytes(content));
    } catch (SdkException e) {
      throw failed("write " + name, e);
    }
  }

  @Override
  public void publish(Path staged, String name) throws IOException {
    String key = prefix + name;
    String upload = null;
    try {
      upload =
          s3.createMultipartUpload(
                  request ->
                      request.bucket(bucket).key(key).contentType("application/octet-stream"))
              .uploadId();
      long size = Files.size(staged);
      List<CompletedPart> parts = new ArrayList<>();
      int number = 1;
      for (long offset = 0; offset < size || number == 1; offset += partSize, number++) {
        long length = Math.min(partSize, size - offset);
        parts.add(uploadPart(staged, key, upload, number, offset, length));
      }
      String uploadId = upload;
      s3.completeMultipartUpload(
          request ->
              request
                  .bucket(bucket)
                  .key(key)
                  .uploadId(uploadId)
                  .multipartUpload(completed -> completed.parts(parts)));
      upload = null;
    } catch (SdkException e) {
      throw failed("upload " + name, e);
    } finally {
      if (upload != null) {
        abort(key, upload);
      }
      Files.deleteIfExists(staged);
    }
  }

  private CompletedPart uploadPart(
      Path staged, String key, String upload, int number, long offset, long length) {
    // A content provider that reopens the file at the part's offset lets the SDK re-read the part
    // for signing and retries without buffering it in memory.
    RequestBody body =
        RequestBody.fromContentProvider(
            () -> {
              try {
                FileChannel channel = FileChannel.open(staged, StandardOpenOption.READ);
                channel.position(offset);
                return new BoundedInputStream(Channels.newInputStream(channel), length);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            },
            length,
            "application/octet-stream");
    String etag =
        s3.uploadPart(
                request ->
                    request
                        .bucket(bucket)
                        .key(key)
                        .uploadId(upload)
                        .partNumber(number)
                        .contentLength(length),
                body)
            .eTag();
    return CompletedPart.builder().partNumber(number).eTag(etag).build();
  }

  private void abort(String key, String upload) {
    try {
      s3.abortMultipartUpload(request -> request.bucket(bucket).key(key).uploadId(upload));
    } catch (SdkException e) {
      // a bucket lifecycle rule cleans up stale uploads; nothing was ever visible
    }
  }

  @Override
  public void delete(String name) throws IOException {
    try {
      s3.deleteObject(request -> request.bucket(bucket).key(prefix + name));
    } catch (SdkException e) {
      throw failed("delete " + name, e);
    }
  }

  @Override
  public void probe() throws IOException {
    try {
      s3.headBucket(request -> request.bucket(bucket));
    } catch (SdkException e) {
      throw failed("reach the bucket", e);
    }
  }

  @Override
  public VaultError unavailable() {
    return VaultError.DESTINATION_UNAVAILABLE;
  }

  private IOException failed(String what, SdkException e) {
    return new IOException("S3 bucket " + bucket + ": cannot " + what + ": " + e.getMessage(), e);
  }

  /** At most {@code remaining} bytes of a stream; closing closes the stream. */
  private static final class BoundedInputStream extends java.io.FilterInputStream {
    private long remaining;

    BoundedInputStream(InputStream in, long remaining) {
      super(in);
      this.remaining = remaining;
    }

    @Override
    public int read() throws IOException {
      if (remaining <= 0) {
        return -1;
      }
      int b = super.read();
      remaining -= b < 0 ? 0 : 1;
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      if (remaining <= 0) {
        return -1;
      }
      int n = super.read(buffer, offset, (int) Math.min(length, remaining));
      remaining -= Math.max(n, 0);
      return n;
    }
  }
}
