package dev.engram.recall.injection;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import java.util.List;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

/**
 * Sends the {@link InjectionLog} to capture-service on its own daemon thread, a batch when it holds
 * {@code batch-size} records or its oldest waited {@code flush-interval}. capture down or a 5xx:
 * retried {@code retries} times with doubling backoff, then dropped; a 4xx (capture refused the
 * batch) is dropped at once. Either way the records are counted in {@code
 * engram.recall.injections.dropped}; no context answer ever waits for any of it.
 */
@ApplicationScoped
class InjectionFlusher {

  private static final Logger LOG = Logger.getLogger(InjectionFlusher.class);

  /** The one call the flusher makes (the REST client, or a test's stand-in). */
  interface Sender {
    void send(List<InjectionRecord> records);
  }

  private final InjectionLog log;
  private final InjectionConfig config;
  private final Sender sender;
  private volatile Thread thread;

  @Inject
  InjectionFlusher(
      InjectionLog log, @RestClient InjectionRestClient capture, InjectionConfig config) {
    this(log, config, records -> capture.store(new InjectionRestClient.Batch(records)));
  }

  InjectionFlusher(InjectionLog log, InjectionConfig config, Sender sender) {
    this.log = log;
    this.config = config;
    this.sender = sender;
  }

  void start(@Observes StartupEvent ignored) {
    long every = config.flushInterval().toMillis();
    if (!config.enabled() || every <= 0) {
      return;
    }
    Thread t = new Thread(() -> loop(every), "recall-injections-flush");
    t.setDaemon(true);
    thread = t;
    t.start();
  }

  void stop(@Observes ShutdownEvent ignored) {
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }

  private void loop(long every) {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        List<InjectionRecord> batch = log.batch(config.batchSize(), every);
        if (!batch.isEmpty()) {
          send(batch);
        }
      } catch (InterruptedException e) {
        return;
      } catch (RuntimeException e) {
        LOG.warnf("injection flush failed: %s", e.getMessage());
      }
    }
  }

  /** Sends what is queued now, in batches; answers how many records capture took. */
  int flush() throws InterruptedException {
    int sent = 0;
    for (List<InjectionRecord> batch = log.drain(config.batchSize());
        !batch.isEmpty();
        batch = log.drain(config.batchSize())) {
      sent += send(batch) ? batch.size() : 0;
    }
    return sent;
  }

  /** One batch, retried while capture is down; answers whether capture took it. */
  boolean send(List<InjectionRecord> batch) throws InterruptedException {
    long pause = config.backoff().toMillis();
    for (int attempt = 0; ; attempt++) {
      try {
        sender.send(batch);
        return true;
      } catch (RuntimeException e) {
        if (refused(e) || attempt >= config.retries()) {
          log.lost(batch.size());
          LOG.debugf("%d injection records dropped: %s", batch.size(), e.getMessage());
          return false;
        }
      }
      Thread.sleep(pause);
      pause *= 2;
    }
  }

  private static boolean refused(RuntimeException e) {
    return e instanceof WebApplicationException w
        && w.getResponse() != null
        && w.getResponse().getStatus() < 500;
  }
}
