package dev.engram.vault.destination;

import dev.engram.vault.config.VaultConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/** The destination {@code engram.vault.destination} selects. */
@ApplicationScoped
class Destinations {

  @Produces
  @Singleton
  @Startup // a bad setting stops the start-up instead of the first backup
  BackupDestination destination(VaultConfig config, BackupDirectory directory) {
    return switch (config.destination()) {
      case LOCAL -> new LocalDestination(directory);
      case S3 -> new S3Destination(s3(config.s3()), config.s3(), directory.path());
    };
  }

  private static S3Client s3(VaultConfig.S3 config) {
    S3ClientBuilder builder =
        S3Client.builder()
            .region(Region.of(config.region()))
            .forcePathStyle(config.pathStyle())
            // Checksums only where S3 requires them: MinIO, R2, Ceph and S3Proxy do not all
            // accept the SDK's newer default trailing checksums.
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
            .httpClientBuilder(
                UrlConnectionHttpClient.builder()
                    .connectionTimeout(java.time.Duration.ofSeconds(10))
                    .socketTimeout(config.callTimeout()))
            .overrideConfiguration(
                override ->
                    override
                        .apiCallAttemptTimeout(config.callTimeout())
                        .apiCallTimeout(config.callTimeout().multipliedBy(3)));
    config.endpoint().ifPresent(builder::endpointOverride);
    if (config.accessKeyId().isPresent() && config.secretAccessKey().isPresent()) {
      builder.credentialsProvider(
          StaticCredentialsProvider.create(
              AwsBasicCredentials.create(
                  config.accessKeyId().get(), config.secretAccessKey().get())));
    } else {
      builder.credentialsProvider(DefaultCredentialsProvider.create());
    }
    return builder.build();
  }
}
