package dev.engram.recall.client;

import dev.engram.recall.config.McpConfig;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * capture-service's memory API for the MCP tools, acting with the caller's key. Every call has a
 * deadline; a refusal arrives as {@link CaptureRefusal}, an unreachable or slow capture-service as
 * {@link CaptureUnavailable}. Nothing is retried: most of these calls are writes.
 */
@ApplicationScoped
public class MemoriesClient {

  /** The largest page capture-service serves by default (engram.capture.limits.max-page-size). */
  private static final int PAGE = 200;

  private final MemoriesRestClient client;
  private final Duration timeout;

  MemoriesClient(@RestClient MemoriesRestClient client, McpConfig config) {
    this.client = client;
    this.timeout = config.captureTimeout();
  }

  /** Who is calling: their {@code Authorization} header and correlation id (may be null). */
  public record As(String authorization, String correlation) {

    /** The headers a call on their behalf carries. */
    CallerHeaders headers() {
      return new CallerHeaders(authorization, correlation);
    }
  }

  public Uni<MemoryWire.Memory> create(As as, MemoryWire.Create body) {
    return guard(client.create(as.headers(), body));
  }

  /** The memory, or empty when the caller's tenant has none with that id. */
  public Uni<Optional<MemoryWire.Memory>> find(As as, long id) {
    return guard(client.get(as.headers(), id))
        .map(Optional::of)
        .onFailure(CaptureRefusal.class)
        .recoverWithUni(
            f ->
                ((CaptureRefusal) f).status() == 404
                    ? Uni.createFrom().item(Optional.empty())
                    : Uni.createFrom().failure(f));
  }

  /** Every memory matching the listing, all pages. */
  public Uni<List<MemoryWire.Memory>> listAll(As as, MemoryWire.Listing listing) {
    List<MemoryWire.Memory> all = new ArrayList<>();
    return Multi.createBy()
        .repeating()
        .uni(
            () -> new String[] {null},
            cursor ->
                page(as, listing, cursor[0])
                    .invoke(
                        p -> {
                          all.addAll(p.items() == null ? List.of() : p.items());
                          cursor[0] = p.nextCursor();
                        }))
        .whilst(p -> p.nextCursor() != null)
        .collect()
        .last()
        .map(ignored -> List.copyOf(all));
  }

  /**
   * The {@code limit} (at most {@link #PAGE}) most recently updated memories of the listing with at
   * least {@code minConfidence}, not expired: one call, however many the listing holds.
   */
  public Uni<List<MemoryWire.Memory>> newest(
      As as, MemoryWire.Listing l, double minConfidence, int limit) {
    return guard(
            client.list(
                as.headers(),
                l.agent(),
                l.chat(),
                l.scope(),
                l.status(),
                Math.min(limit, PAGE),
                null,
                minConfidence,
                true,
                "updated"))
        .map(p -> p.items() == null ? List.<MemoryWire.Memory>of() : p.items());
  }

  /** The most a {@link #newest} call answers. */
  public static int newestMax() {
    return PAGE;
  }

  private Uni<MemoryWire.Page> page(As as, MemoryWire.Listing l, String cursor) {
    return guard(
        client.list(
            as.headers(),
            l.agent(),
            l.chat(),
            l.scope(),
            l.status(),
            PAGE,
            cursor,
            null,
            null,
            null));
  }

  public Uni<MemoryWire.Memory> revise(As as, long id, MemoryWire.Revise body) {
    return guard(client.revise(as.headers(), id, body));
  }

  public Uni<MemoryWire.Memory> archive(As as, long id) {
    return guard(client.archive(as.headers(), id));
  }

  public Uni<MemoryWire.Memory> supersede(As as, long id, MemoryWire.Supersede body) {
    return guard(client.supersede(as.headers(), id, body));
  }

  public Uni<MemoryWire.Memory> touch(As as, long id, MemoryWire.Touch body) {
    return guard(client.touch(as.headers(), id, body));
  }

  private <T> Uni<T> guard(Uni<T> call) {
    return CaptureApi.guard("capture-service", timeout, call);
  }
}
