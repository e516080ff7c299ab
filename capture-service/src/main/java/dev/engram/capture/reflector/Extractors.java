package dev.engram.capture.reflector;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.extract.DeterministicExtractor;
import dev.engram.capture.extract.Extractor;
import dev.engram.capture.extract.LlmExtractor;
import dev.engram.capture.extract.Nlp;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import org.jboss.logging.Logger;

/**
 * The extractor the Reflector uses: the deterministic one (default; its CPU work runs on a worker
 * thread and comes back to the caller's Vert.x context), or the LLM one when configured — which
 * falls back to the deterministic one for a batch when the model cannot be reached.
 */
@ApplicationScoped
class Extractors {

  private static final Logger LOG = Logger.getLogger(Extractors.class);

  private final Extractor chosen;

  Extractors(
      CaptureConfig config,
      DeterministicExtractor deterministic,
      Nlp nlp,
      ObjectMapper json,
      Vertx vertx) {
    Extractor offloaded = offloaded(deterministic, vertx);
    String wanted = config.reflector().extractor().strip().toLowerCase(Locale.ROOT);
    if (wanted.equals("llm") && config.reflector().llm().baseUrl().isPresent()) {
      LlmExtractor llm =
          new LlmExtractor(config.reflector().llm(), json, deterministic, nlp, vertx);
      chosen = withFallback(llm, offloaded);
    } else {
      if (wanted.equals("llm")) {
        LOG.warn(
            "engram.capture.reflector.extractor=llm but no llm.base-url is set; using the"
                + " deterministic extractor");
      }
      chosen = offloaded;
    }
  }

  Extractor current() {
    return chosen;
  }

  private static Extractor offloaded(DeterministicExtractor deterministic, Vertx vertx) {
    return new Extractor() {
      @Override
      public String name() {
        return deterministic.name();
      }

      @Override
      public String version() {
        return deterministic.version();
      }

      @Override
      public Uni<Extraction> extract(List<dev.engram.capture.extract.Statement> statements) {
        return vertx.executeBlocking(
            Uni.createFrom().item(() -> deterministic.extractNow(statements)));
      }
    };
  }

  private static Extractor withFallback(Extractor primary, Extractor fallback) {
    return new Extractor() {
      @Override
      public String name() {
        return primary.name();
      }

      @Override
      public String version() {
        return primary.version();
      }

      @Override
      public Uni<Extraction> extract(List<dev.engram.capture.extract.Statement> statements) {
        return primary
            .extract(statements)
            .onFailure()
            .recoverWithUni(
                failure -> {
                  LOG.warnf(
                      "LLM extractor failed (%s); this batch uses the deterministic extractor",
                      failure.getMessage());
                  return fallback.extract(statements);
                });
      }
    };
  }
}
