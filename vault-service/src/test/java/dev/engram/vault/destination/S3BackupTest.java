package dev.engram.vault.destination;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.vault.config.VaultConfig;
import dev.engram.vault.support.ExportStub;
import dev.engram.vault.support.Jobs;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/** Backups to a real S3-compatible server (S3Proxy, filesystem backend), through the API. */
@QuarkusTest
@WithTestResource(S3ProxyResource.class)
class S3BackupTest {

  static final String OPS = "Bearer vault-ops-secret";

  private static S3Client s3;

  @Inject VaultConfig config;

  @BeforeAll
  static void client() {
    s3 =
        S3Client.builder()
            .endpointOverride(S3ProxyResource.endpoint())
            .region(Region.US_EAST_1)
            .forcePathStyle(true)
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .httpClient(UrlConnectionHttpClient.create())
            .credentialsProvider(
                StaticCredentialsProvider.create(
                    AwsBasicCredentials.create(
                        S3ProxyResource.ACCESS_KEY, S3ProxyResource.SECRET_KEY)))
            .build();
  }

  @AfterAll
  static void close() {
    s3.close();
  }

  @BeforeEach
  void emptyBucket() {
    ExportStub.reset();
    for (String key : keys()) {
      s3.deleteObject(request -> request.bucket(S3ProxyResource.BUCKET).key(key));
    }
  }

  @Test
  void aBackupLandsInTheBucketComplete() throws IOException {
    JsonPath job = run();

    assertEquals("succeeded", job.getString("state"), job.prettify());
    String id = job.getString("backup.id");
    assertEquals(
        List.of(
            S3ProxyResource.PREFIX + id + ".engram.json",
            S3ProxyResource.PREFIX + id + ".engram.tar.gz.enc"),
        keys());
    given()
        .header("Authorization", OPS)
        .get("/v1/backups")
        .then()
        .statusCode(200)
        .body("backups.id", equalTo(List.of(id)))
        .body("backups[0].destination", equalTo("s3"))
        .body("backups[0].encrypted", equalTo(true))
        .body("backups[0].verified", equalTo(true))
        .body("backups[0].counts.'recall/vectors'", equalTo(1500));
    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(200)
        .body("records", equalTo(3295));
    // The archive was staged locally and is gone from there once uploaded.
    Path staging = config.directory().toAbsolutePath().normalize();
    try (Stream<Path> files = Files.list(staging)) {
      assertEquals(List.of(), files.toList());
    }
  }

  @Test
  void readyWhenTheBucketAnswers() {
    given()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body("checks.find { it.name == 'backup-destination' }.status", equalTo("UP"))
        .body("checks.find { it.name == 'backup-destination' }.data.kind", equalTo("s3"));
  }

  @Test
  void aLargeArchiveIsUploadedInSeveralParts() {
    ExportStub.vectors(6000); // ~11 MB once compressed: three 5 MiB parts

    JsonPath job = run();

    assertEquals("succeeded", job.getString("state"), job.prettify());
    String id = job.getString("backup.id");
    var head =
        s3.headObject(
            request ->
                request
                    .bucket(S3ProxyResource.BUCKET)
                    .key(S3ProxyResource.PREFIX + id + ".engram.tar.gz.enc"));
    assertTrue(head.contentLength() > 5 * 1024 * 1024, "size " + head.contentLength());
    // A multipart object's ETag ends in -<parts>.
    assertTrue(head.eTag().matches("\"?[0-9a-f]+-[2-9]\"?"), head.eTag());
    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(200)
        .body("counts.'recall/vectors'", equalTo(6000));
  }

  @Test
  void aTamperedObjectIsRefused() {
    String id = run().getString("backup.id");
    String key = S3ProxyResource.PREFIX + id + ".engram.tar.gz.enc";
    byte[] bytes =
        s3.getObjectAsBytes(request -> request.bucket(S3ProxyResource.BUCKET).key(key))
            .asByteArray();
    bytes[bytes.length / 3] ^= 0x01;
    s3.putObject(
        request -> request.bucket(S3ProxyResource.BUCKET).key(key), RequestBody.fromBytes(bytes));

    given()
        .header("Authorization", OPS)
        .post("/v1/backups/" + id + "/verify")
        .then()
        .statusCode(422)
        .contentType("application/problem+json")
        .body("code", equalTo("backup_tampered"));
  }

  @Test
  void retentionDeletesFromTheBucket() {
    // %test keeps 2 daily, 0 weekly, 0 monthly: the new backup and the newest of yesterday.
    Instant now = Instant.now();
    for (int day = 1; day <= 3; day++) {
      put("day-" + day + ".engram.tar.gz", "old");
      put(
          "day-" + day + ".engram.json",
          "{\"id\":\"day-%d\",\"created_at\":\"%s\",\"encrypted\":false,\"records\":0,\"verified\":true}"
              .formatted(day, now.minus(Duration.ofDays(day))));
    }

    JsonPath job = run();

    assertEquals("succeeded", job.getString("state"), job.prettify());
    assertEquals(
        List.of("day-2", "day-3"), job.getList("deleted", String.class).stream().sorted().toList());
    String id = job.getString("backup.id");
    assertEquals(
        List.of(
            S3ProxyResource.PREFIX + id + ".engram.json",
            S3ProxyResource.PREFIX + id + ".engram.tar.gz.enc",
            S3ProxyResource.PREFIX + "day-1.engram.json",
            S3ProxyResource.PREFIX + "day-1.engram.tar.gz"),
        keys());
  }

  private static JsonPath run() {
    return Jobs.run();
  }

  private static void put(String name, String content) {
    s3.putObject(
        request -> request.bucket(S3ProxyResource.BUCKET).key(S3ProxyResource.PREFIX + name),
        RequestBody.fromString(content));
  }

  private static List<String> keys() {
    return s3
        .listObjectsV2Paginator(request -> request.bucket(S3ProxyResource.BUCKET))
        .contents()
        .stream()
        .map(S3Object::key)
        .filter(key -> !key.endsWith("/")) // the filesystem backend's directory marker
        .sorted()
        .toList();
  }
}
