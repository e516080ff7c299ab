package dev.engram.capture.summary;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.memory.Memory;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/**
 * Makes the summary DAG after the Reflector's batches: per chat and thread, a summary of each
 * closed day with exchanges, then of each closed week of day summaries, then of each closed month
 * of week summaries. A period is summarized again only when what it covers changed (the children's
 * fingerprint in its metadata differs); the new version supersedes the old one. Periods still open
 * (today, this week, this month) wait until they close, so a live chat does not churn versions.
 * TextRank writes them, or the model when the extractor is {@code llm} ({@link LlmSummarizer},
 * TextRank again for any summary it fails); one writer per period ({@link SummaryWriter}).
 */
@ApplicationScoped
public class Summaries {

  private static final Logger LOG = Logger.getLogger(Summaries.class);

  private final SummaryQueries queries;
  private final SummaryWriter writer;
  private final ExtractiveSummarizer summarizer;
  private final LlmSummarizer llm;
  private final CaptureConfig.Summaries config;
  private final List<SummaryLevel> levels;
  private final Vertx vertx;

  Summaries(
      SummaryQueries queries,
      SummaryWriter writer,
      ExtractiveSummarizer summarizer,
      LlmSummarizer llm,
      CaptureConfig config,
      Vertx vertx) {
    this.queries = queries;
    this.writer = writer;
    this.summarizer = summarizer;
    this.llm = llm;
    this.config = config.reflector().summaries();
    this.vertx = vertx;
    this.levels = levels(this.config.levels());
  }

  /**
   * Summarizes what changed in a tenant (or in one chat when {@code chat} is given); returns how
   * many summaries were written. Nothing when summaries are off.
   */
  public Uni<Integer> run(String tenant, String agent, String chat) {
    if (!config.enabled()) {
      return Uni.createFrom().item(0);
    }
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    Budget left = new Budget(new AtomicInteger(config.maxPerRun()), new AtomicInteger());
    Uni<Integer> done = Uni.createFrom().item(0);
    for (SummaryLevel level : levels) {
      done =
          done.chain(
              n -> level(tenant, agent, chat, level, today, left).map(written -> n + written));
    }
    return done;
  }

  /**
   * What is left of one run: summaries it may still write, and the model's failures in a row (past
   * {@link #MODEL_FAILURES} the rest of the run uses TextRank, so a dead model costs a run at most
   * that many timeouts).
   */
  private record Budget(AtomicInteger summaries, AtomicInteger modelFailures) {}

  private static final int MODEL_FAILURES = 3;

  /**
   * One period of a chat or thread in one mode (null: untagged) at one level; a mode's exchanges
   * are summarized apart, so a summary never carries one mode's talk into another's recall.
   */
  record Period(
      String agent, String chat, String thread, String mode, SummaryLevel level, LocalDate start) {}

  private Uni<Integer> level(
      String tenant, String agent, String chat, SummaryLevel level, LocalDate today, Budget left) {
    return Panache.withSession(() -> queries.currentSummaries(tenant))
        .chain(
            current -> {
              Map<Period, Memory> latest = new HashMap<>();
              current.stream()
                  .filter(m -> chat == null || (chat.equals(m.chat) && agent.equals(m.agent)))
                  .forEach(m -> period(m).ifPresent(p -> latest.put(p, m)));
              Uni<Map<Period, List<Long>>> periods =
                  level == SummaryLevel.DAY
                      ? Panache.withSession(() -> queries.days(tenant, agent, chat, today))
                          .map(Summaries::days)
                      : Uni.createFrom().item(above(latest, level, today));
              return periods.chain(
                  covered -> {
                    List<Map.Entry<Period, List<Long>>> dirty =
                        covered.entrySet().stream()
                            .filter(e -> changed(latest.get(e.getKey()), e.getValue()))
                            .limit(Math.max(0, left.summaries().get()))
                            .toList();
                    return Multi.createFrom()
                        .iterable(dirty)
                        .onItem()
                        .transformToUniAndConcatenate(
                            e -> one(tenant, e.getKey(), e.getValue(), latest, left))
                        .collect()
                        .asList()
                        .map(
                            written -> {
                              int n = (int) written.stream().filter(Boolean::booleanValue).count();
                              left.summaries().addAndGet(-n);
                              return n;
                            });
                  });
            });
  }

  /** Summarizes one period (off the event loop) and writes it; false when nothing was worth it. */
  private Uni<Boolean> one(
      String tenant, Period p, List<Long> children, Map<Period, Memory> latest, Budget left) {
    Uni<List<ExtractiveSummarizer.Line>> lines;
    if (p.level() == SummaryLevel.DAY) {
      lines =
          Panache.withSession(
                  () -> queries.exchanges(tenant, p, p.start(), p.level().end(p.start())))
              .chain(
                  rows ->
                      vertx.executeBlocking(
                          Uni.createFrom().item(() -> exchangeLines(rows, children))));
    } else {
      Map<Long, Memory> byId = new HashMap<>();
      latest.values().forEach(m -> byId.put(m.id, m));
      List<ExtractiveSummarizer.Line> all = new ArrayList<>();
      children.stream()
          .map(byId::get)
          .filter(Objects::nonNull)
          .forEach(m -> all.addAll(ExtractiveSummarizer.linesOfSummary(m.text)));
      lines = Uni.createFrom().item(all);
    }
    int k = sentences(p.level());
    return lines
        .chain(all -> draft(p, all, k, left))
        .chain(
            draft ->
                draft.lines().isEmpty()
                    ? Uni.createFrom().item(false)
                    : writer.write(tenant, p, draft, children).map(Objects::nonNull));
  }

  /** The model's summary where configured, TextRank's otherwise and whenever the model fails. */
  private Uni<SummaryWriter.Draft> draft(
      Period p, List<ExtractiveSummarizer.Line> all, int k, Budget left) {
    Uni<SummaryWriter.Draft> textrank =
        vertx.executeBlocking(
            Uni.createFrom()
                .item(
                    () ->
                        new SummaryWriter.Draft(
                            summarizer.pick(all, k),
                            SummaryWriter.EXTRACTOR,
                            SummaryWriter.VERSION)));
    if (all.isEmpty() || !llm.configured() || left.modelFailures().get() >= MODEL_FAILURES) {
      return textrank;
    }
    return vertx
        .executeBlocking(Uni.createFrom().item(() -> summarizer.candidates(all)))
        .chain(candidates -> llm.summarize(p, candidates, k))
        .invoke(() -> left.modelFailures().set(0))
        .onFailure()
        .recoverWithUni(
            failure -> {
              int failures = left.modelFailures().incrementAndGet();
              LOG.warnf(
                  "The LLM summary of %s %s in %s failed (%s); TextRank writes it%s",
                  p.level().wire(),
                  p.start(),
                  p.chat(),
                  failure.getMessage(),
                  failures >= MODEL_FAILURES ? ", and the rest of this run" : "");
              return textrank;
            });
  }

  private List<ExtractiveSummarizer.Line> exchangeLines(List<Exchange> rows, List<Long> children) {
    List<ExtractiveSummarizer.Line> lines = new ArrayList<>();
    java.util.Set<Long> covered = new java.util.HashSet<>(children);
    rows.stream()
        .filter(e -> covered.contains(e.id))
        .forEach(e -> lines.addAll(summarizer.linesOf(e.speaker, e.text, e.id)));
    return lines;
  }

  /** The days of exchanges as periods, each with its exchange ids. */
  private static Map<Period, List<Long>> days(List<SummaryQueries.Day> days) {
    Map<Period, List<Long>> periods = new LinkedHashMap<>();
    for (SummaryQueries.Day d : days) {
      periods.put(
          new Period(d.agent(), d.chat(), d.thread(), d.mode(), SummaryLevel.DAY, d.day()),
          d.exchangeIds());
    }
    return periods;
  }

  /** The closed periods of {@code level} made of the current summaries of the level below. */
  private static Map<Period, List<Long>> above(
      Map<Period, Memory> latest, SummaryLevel level, LocalDate today) {
    SummaryLevel below = level.below().orElseThrow();
    Map<Period, List<Long>> periods = new LinkedHashMap<>();
    latest.entrySet().stream()
        .filter(e -> e.getKey().level() == below)
        .filter(e -> e.getValue().status == dev.engram.capture.memory.MemoryStatus.ACTIVE)
        .sorted(Comparator.comparing((Map.Entry<Period, Memory> e) -> e.getKey().start()))
        .forEach(
            e -> {
              Period child = e.getKey();
              LocalDate start = level.start(child.start());
              if (!level.end(start).isAfter(today)) {
                periods
                    .computeIfAbsent(
                        new Period(
                            child.agent(),
                            child.chat(),
                            child.thread(),
                            child.mode(),
                            level,
                            start),
                        p -> new ArrayList<>())
                    .add(e.getValue().id);
              }
            });
    return periods;
  }

  /** True when there is no summary of the period yet, or it covers something else. */
  private static boolean changed(Memory existing, List<Long> children) {
    return existing == null
        || existing.metadata == null
        || !SummaryWriter.fingerprint(children).equals(existing.metadata.get(SummaryWriter.SHA));
  }

  /** The period a summary covers, read back from its metadata. */
  private static java.util.Optional<Period> period(Memory m) {
    if (m.metadata == null) {
      return java.util.Optional.empty();
    }
    var level = SummaryLevel.of(m.metadata.get(SummaryWriter.LEVEL));
    String start = m.metadata.get(SummaryWriter.START);
    if (level.isEmpty() || start == null) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(
        new Period(m.agent, m.chat, m.thread, m.mode, level.get(), LocalDate.parse(start)));
  }

  private int sentences(SummaryLevel level) {
    return switch (level) {
      case DAY -> config.daySentences();
      case WEEK -> config.weekSentences();
      case MONTH -> config.monthSentences();
    };
  }

  /** The configured levels, finest first; each needs the one below it. */
  private static List<SummaryLevel> levels(List<String> configured) {
    List<SummaryLevel> levels = new ArrayList<>();
    for (String wire : configured) {
      levels.add(
          SummaryLevel.of(wire)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "engram.capture.reflector.summaries.levels: unknown level '"
                              + wire
                              + "' (day, week, month)")));
    }
    List<SummaryLevel> sorted = levels.stream().distinct().sorted().toList();
    for (SummaryLevel l : sorted) {
      if (l.below().isPresent() && !sorted.contains(l.below().get())) {
        throw new IllegalArgumentException(
            "engram.capture.reflector.summaries.levels: "
                + l.wire()
                + " needs "
                + l.below().get().wire());
      }
    }
    return sorted;
  }
}
