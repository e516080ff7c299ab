package dev.engram.capture.prior;

import dev.engram.capture.background.SafeContext;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.common.auth.Caller;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Multi;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Loads the Markdown files of {@code engram.capture.priors.directory} as knowledge priors of {@code
 * engram.capture.priors.tenant} at start-up, in the background (the service is ready before it
 * finishes); skipped when the folder is missing or empty. Re-importing is idempotent.
 */
@ApplicationScoped
class PriorLoader {

  private static final Logger LOG = Logger.getLogger(PriorLoader.class);

  private final PriorService priors;
  private final CaptureConfig.Priors config;
  private final Vertx vertx;

  PriorLoader(PriorService priors, CaptureConfig config, Vertx vertx) {
    this.priors = priors;
    this.config = config.priors();
    this.vertx = vertx;
  }

  void load(@Observes StartupEvent event) {
    if (config.directory().isEmpty()) {
      return;
    }
    Path dir = Path.of(config.directory().get());
    List<Path> files = markdown(dir);
    if (files.isEmpty()) {
      LOG.infof("No knowledge priors in %s; skipped", dir);
      return;
    }
    Caller actor = new Caller("system:priors", config.tenant(), Set.of());
    SafeContext.run(
            vertx,
            () ->
                Multi.createFrom()
                    .iterable(files)
                    .onItem()
                    .transformToUniAndConcatenate(
                        file ->
                            priors
                                .importDocument(actor, dir.relativize(file).toString(), read(file))
                                .invoke(
                                    r ->
                                        LOG.infof(
                                            "Knowledge prior %s: %d chunk(s), %d new, %d unchanged,"
                                                + " %d quarantined, %d archived",
                                            r.name(),
                                            r.chunks(),
                                            r.inserted(),
                                            r.unchanged(),
                                            r.quarantined(),
                                            r.archived())))
                    .collect()
                    .asList())
        .subscribe()
        .with(
            done -> {},
            failure -> LOG.warnf(failure, "Loading knowledge priors from %s failed", dir));
  }

  private static List<Path> markdown(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .filter(
              p -> p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".md"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list knowledge priors in " + dir, e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read knowledge prior " + file, e);
    }
  }
}
