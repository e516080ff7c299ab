package dev.engram.console.health;

import dev.engram.console.client.CaptureApi;
import dev.engram.console.client.HealthApi;
import dev.engram.console.client.Wire;
import dev.engram.console.session.Person;
import dev.engram.console.session.SignedIn;
import dev.engram.console.web.Attempt;
import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The tenant's memory at a glance: capture-service's {@code /v1/stats} (the pool by status, what
 * the gate holds, the Reflector's backlog and totals, the outbox per projection, injection coverage
 * over 24 h), the Reflector's runs over 24 h ({@code /v1/reflector/runs}) and each service's
 * readiness; charts beside the numbers.
 */
@Path("/health")
@Produces(MediaType.TEXT_HTML)
class HealthPage {

  /** Runs read a page; capture's largest page. */
  static final int RUNS_PAGE = 200;

  /** Pages of runs read at most: a Reflector running more often than this shows a partial day. */
  static final int RUNS_PAGES = 5;

  static final int WIDTH = 560;

  @CheckedTemplate(basePath = "health")
  static class Templates {
    static native TemplateInstance health(
        Person person,
        Attempt<Wire.Stats> stats,
        Chart pool,
        Chart lag,
        Coverage coverage,
        Attempt<ReflectorDay> day,
        Chart reflector,
        List<HealthApi.Ready> readiness);
  }

  /** Injection coverage over 24 h: items selected of the candidates, over this many answers. */
  public record Coverage(
      long records, long selected, long candidates, String percent, Chart chart) {}

  private final CaptureApi capture;
  private final HealthApi health;
  private final SignedIn signedIn;
  private final Clock clock;

  HealthPage(CaptureApi capture, HealthApi health, SignedIn signedIn, Clock clock) {
    this.capture = capture;
    this.health = health;
    this.signedIn = signedIn;
    this.clock = clock;
  }

  @GET
  public TemplateInstance health() {
    String key = signedIn.key();
    Attempt<Wire.Stats> stats = Attempt.of(() -> capture.stats(key));
    Attempt<ReflectorDay> day = Attempt.of(() -> reflectorDay(key));
    Wire.Stats s = stats.value();
    return Templates.health(
        signedIn.person(),
        stats,
        s == null ? null : pool(s.memories()),
        s == null ? null : lag(s.outbox()),
        s == null ? null : coverage(s.injections()),
        day,
        day.ok() ? reflectorChart(day.value()) : null,
        health.readiness());
  }

  private ReflectorDay reflectorDay(String key) {
    Instant now = clock.instant();
    Instant since = now.minus(Duration.ofHours(ReflectorDay.HOURS));
    List<Wire.ReflectorRun> runs = new ArrayList<>();
    String cursor = null;
    for (int page = 1; ; page++) {
      Wire.ReflectorRuns read = health.reflectorRuns(key, RUNS_PAGE, cursor);
      List<Wire.ReflectorRun> items = read.items() == null ? List.of() : read.items();
      runs.addAll(items);
      if (read.nextCursor() == null
          || items.isEmpty()
          || ReflectorDay.before(items.get(items.size() - 1), since)) {
        return ReflectorDay.of(runs, now, false);
      }
      if (page == RUNS_PAGES) {
        return ReflectorDay.of(runs, now, true);
      }
      cursor = read.nextCursor();
    }
  }

  private static Chart pool(Wire.PoolCounts m) {
    return Chart.bars(
        "pool",
        "Memories by status",
        List.of(
            new Chart.Value("Active", m.active(), "active"),
            new Chart.Value("Low confidence", m.lowConfidence(), "low"),
            new Chart.Value("Archived", m.archived(), "archived"),
            new Chart.Value("Superseded", m.superseded(), "superseded"),
            new Chart.Value("Quarantined", m.quarantined(), "quarantined")),
        WIDTH);
  }

  private static Chart lag(Wire.Outbox outbox) {
    return Chart.bars(
        "lag",
        "Outbox lag in seconds per projection",
        List.of(
            new Chart.Value("recall (index)", outbox.recall().lagSeconds(), "lag"),
            new Chart.Value("graph", outbox.graph().lagSeconds(), "lag")),
        WIDTH);
  }

  /** Null when capture does not report it yet (an older capture-service). */
  private static Coverage coverage(Wire.Injections injections) {
    if (injections == null || injections.last24h() == null) {
      return null;
    }
    Wire.Coverage c = injections.last24h();
    String percent =
        c.candidates() == 0
            ? "—"
            : Chart.n(Math.round(1000.0 * c.selected() / c.candidates()) / 10.0) + " %";
    Chart chart =
        Chart.bars(
            "coverage",
            "Injection coverage over 24 hours: items selected and candidates",
            List.of(
                new Chart.Value("Candidates", c.candidates(), "candidates"),
                new Chart.Value("Selected", c.selected(), "selected")),
            WIDTH);
    return new Coverage(c.records(), c.selected(), c.candidates(), percent, chart);
  }

  private static Chart reflectorChart(ReflectorDay day) {
    List<Chart.Column> columns =
        day.hours().stream()
            .map(
                h ->
                    new Chart.Column(
                        h.name(),
                        List.of(
                            new Chart.Value("inserted", h.inserted(), "inserted"),
                            new Chart.Value("updated", h.updated(), "updated"),
                            new Chart.Value("skipped", h.skipped(), "skipped"))))
            .toList();
    return Chart.columns(
        "reflector",
        "Memories the Reflector inserted, updated and skipped per hour over the last 24 hours",
        columns,
        List.of("24 h ago", "18 h", "12 h", "6 h", "now"),
        WIDTH);
  }
}
