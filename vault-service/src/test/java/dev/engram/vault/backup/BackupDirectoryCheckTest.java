package dev.engram.vault.backup;

import static io.restassured.RestAssured.given;
import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import dev.engram.vault.config.VaultConfig;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(BackupDirectoryResource.class)
class BackupDirectoryCheckTest {

  private static final String CHECK = "checks.find { it.name == 'backup-directory' }";

  @Inject VaultConfig config;

  @Test
  void readyWhenTheDirectoryIsWritable() throws IOException {
    Path directory = config.directory().toAbsolutePath().normalize();

    given()
        .when()
        .get("/q/health/ready")
        .then()
        .statusCode(200)
        .body(CHECK + ".status", equalTo("UP"))
        .body(CHECK + ".data.path", equalTo(directory.toString()));
    try (Stream<Path> files = Files.list(directory)) {
      assertThat(
          "the probe cleans up after itself",
          files.filter(file -> file.getFileName().toString().startsWith(".probe-")).toList(),
          empty());
    }
  }

  @Test
  void notReadyWhenTheDirectoryIsGone() throws IOException {
    Path directory = config.directory();
    Path moved = directory.resolveSibling("backups-moved");
    Files.move(directory, moved);
    try {
      given()
          .when()
          .get("/q/health/ready")
          .then()
          .statusCode(503)
          .body(CHECK + ".status", equalTo("DOWN"))
          .body(CHECK + ".data.reason", equalTo("does not exist"))
          .body(CHECK + ".data.path", containsString("backups"));
      given()
          .header("Authorization", BackupResourceTest.OPS)
          .when()
          .get("/v1/backups")
          .then()
          .statusCode(503)
          .contentType("application/problem+json")
          .body("code", equalTo("backup_directory_unavailable"))
          .body(not(containsString(directory.toString())));
      given()
          .header("Authorization", BackupResourceTest.OPS)
          .when()
          .get("/v1/backups/any")
          .then()
          .statusCode(503)
          .body("code", equalTo("backup_directory_unavailable"));
    } finally {
      Files.move(moved, directory);
    }
    given().when().get("/q/health/ready").then().statusCode(200);
  }

  @Test
  void notReadyWhenAFileTakesTheDirectorysPlace() throws IOException {
    Path directory = config.directory();
    Path moved = directory.resolveSibling("backups-moved");
    Files.move(directory, moved);
    Files.writeString(directory, "not a directory");
    try {
      given()
          .when()
          .get("/q/health/ready")
          .then()
          .statusCode(503)
          .body(CHECK + ".status", equalTo("DOWN"))
          .body(CHECK + ".data.reason", equalTo("is not a directory"));
    } finally {
      Files.delete(directory);
      Files.move(moved, directory);
    }
    given().when().get("/q/health/ready").then().statusCode(200);
  }

  @Test
  void livenessDoesNotDependOnTheDirectory() throws IOException {
    Path directory = config.directory();
    Path moved = directory.resolveSibling("backups-moved");
    Files.move(directory, moved);
    try {
      given().when().get("/q/health/live").then().statusCode(200);
    } finally {
      Files.move(moved, directory);
    }
  }
}
