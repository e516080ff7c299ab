package dev.engram.bench.replicate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.IndexWait;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code bench replicate}: grows a suite's corpus N+1-fold without the embedding model. Each
 * service's export is saved once (the source), then every copy is that export with new ids and
 * per-copy chats (see {@link StreamRule}), merged back through the service's own import, one
 * request per copy and service (capture's is one transaction), the three services side by side.
 * Texts and vectors are the source's own: a copy is an exact duplicate under new ids.
 */
public final class ReplicateCommand {

  public static final String USAGE =
      """
        replicate --copies N       the running suite's corpus N more times over, without embedding:
                              each service's export, saved once, merged back N times with new ids
                              (id + c * id-step) and chats renamed <chat>~c; texts and vectors stay
                              the source's (exact duplicates). Resumable (state file); prints the
                              time of every import and recall's memory documents at the end
          --id-step N         id distance between copies (default 100000000; every source id must
                              be below it)
          --first C           start at copy C (default 1): copies C..N, e.g. a second process
                              importing later copies of the slow service beside the first
          --services LIST     only these of capture,graph,recall (default all; e.g. to resume one)
          --spool DIR         source exports and copy bodies (default $ENGRAM_HOME/bench/replicate)
          --graph URL         graph-service (env ENGRAM_GRAPH_URL; default from config.env)
          --internal-key KEY  key with the internal role (env ENGRAM_INTERNAL_KEY; default
                              secrets/internal.key)
      """;

  /** The vault's restore order: capture's record first, then its projections. */
  static final List<String> SERVICES = List.of("capture", "graph", "recall");

  private ReplicateCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    int copies = args.integer("copies", 9);
    int first = args.integer("first", 1);
    long step = args.number("id-step", 100_000_000L);
    Target target = Target.resolve(args, env);
    Map<String, String> config = Target.readConfig(target.home().resolve("config.env"));
    String graph = args.string("graph", env.get("ENGRAM_GRAPH_URL"));
    if (graph == null || graph.isBlank()) {
      graph = config.getOrDefault("ENGRAM_GRAPH_URL", "http://127.0.0.1:8083");
    }
    String key = args.string("internal-key", env.get("ENGRAM_INTERNAL_KEY"));
    if (key == null || key.isBlank()) {
      key = Files.readString(target.home().resolve("secrets/internal.key")).strip();
    }
    List<String> services = List.of(args.string("services", String.join(",", SERVICES)).split(","));
    if (!SERVICES.containsAll(services)) {
      throw new IllegalArgumentException("--services takes some of " + SERVICES);
    }
    Path spool = Path.of(args.string("spool", target.home().resolve("bench/replicate").toString()));
    args.finish();
    if (copies < 1 || first < 1 || first > copies) {
      throw new IllegalArgumentException("--copies must be at least 1 and --first in 1..copies");
    }
    new CopyRewrite(copies, step); // refuses a step the copies would overflow

    Map<String, URI> bases = new LinkedHashMap<>();
    bases.put("capture", target.capture());
    bases.put("graph", URI.create(graph.strip().replaceAll("/+$", "")));
    bases.put("recall", target.recall());
    InternalApi api = new InternalApi(key.strip());
    Files.createDirectories(spool);
    Path state = spool.resolve("done.state");
    List<String> done = Files.exists(state) ? Files.readAllLines(state) : List.of();
    out.printf("Suite: %s; load average %s%n", target, Machine.loadAverage());

    for (String service : SERVICES) {
      Path source = source(spool, service);
      if (Files.exists(source)) {
        out.printf("source %-7s: %s (saved before, reused)%n", service, size(source));
        continue;
      }
      if (!done.isEmpty()) {
        // The live export would now hold copies too: the saved source is what copies are made of.
        throw new IOException(
            source + " is missing but copies were imported already (" + state + ")");
      }
      long start = System.nanoTime();
      api.export(bases.get(service), source);
      out.printf(
          "source %-7s: exported %s in %.1f s; load average %s%n",
          service, size(source), seconds(start), Machine.loadAverage());
    }

    // The services' imports are independent (separate stores, disjoint ids): each runs its own
    // series of copies, so one service's import never waits for another's.
    Path stateFile = state;
    List<Thread> workers = new ArrayList<>();
    Map<String, Exception> failures = new ConcurrentHashMap<>();
    for (String service : services) {
      workers.add(
          Thread.ofPlatform()
              .name("replicate-" + service)
              .start(
                  () -> {
                    try {
                      copies(
                          service, first, copies, step, spool, bases.get(service), api, done, out);
                    } catch (Exception e) {
                      failures.put(service, e);
                      out.printf("%s: FAILED: %s%n", service, e.getMessage());
                    }
                  }));
    }
    for (Thread worker : workers) {
      worker.join();
    }
    if (!failures.isEmpty()) {
      throw new IOException(
          "imports failed for "
              + failures.keySet()
              + " (run again to resume from "
              + stateFile
              + ")");
    }
    OptionalLong documents =
        new IndexWait(new EngramApi(target, Duration.ofSeconds(60)), out)
            .indexedDocuments("memory");
    out.printf(
        "Done: %d copies; recall holds %s memory documents; load average %s%n",
        copies, documents.isPresent() ? documents.getAsLong() : "?", Machine.loadAverage());
    return 0;
  }

  /** Copies 1..N of one service's export, each one import; skips those the state file lists. */
  private static void copies(
      String service,
      int first,
      int copies,
      long step,
      Path spool,
      URI base,
      InternalApi api,
      List<String> done,
      PrintStream out)
      throws IOException, InterruptedException {
    Path state = spool.resolve("done.state");
    for (int c = first; c <= copies; c++) {
      String entry = c + " " + service;
      // Read again before each copy: another run may have imported it meanwhile.
      if (done.contains(entry)
          || (Files.exists(state) && Files.readAllLines(state).contains(entry))) {
        out.printf("copy %d %-7s: imported before, skipped%n", c, service);
        continue;
      }
      Path body = spool.resolve("copy-" + c + "-" + service + ".ndjson");
      long start = System.nanoTime();
      Map<String, Long> sent;
      try (InputStream in = Files.newInputStream(source(spool, service));
          OutputStream to = Files.newOutputStream(body)) {
        sent = CopyStream.write(service, in, new CopyRewrite(c, step), to);
      }
      double built = seconds(start);
      start = System.nanoTime();
      JsonNode answer = api.importMerge(base, body);
      double imported = seconds(start);
      Files.delete(body);
      check(service, c, sent, answer);
      out.printf(
          "copy %d %-7s: %s; body built in %.1f s, imported in %.1f s; load average %s%n",
          c, service, summary(answer), built, imported, Machine.loadAverage());
      synchronized (ReplicateCommand.class) {
        Files.writeString(
            state,
            entry + "\n",
            StandardCharsets.UTF_8,
            StandardOpenOption.CREATE,
            StandardOpenOption.APPEND);
      }
    }
  }

  static Path source(Path spool, String service) {
    return spool.resolve("source-" + service + ".ndjson");
  }

  /** Every stream sent must have been received whole (a merge may still leave rows unchanged). */
  static void check(String service, int copy, Map<String, Long> sent, JsonNode answer)
      throws IOException {
    JsonNode counts = answer.path("counts");
    for (Map.Entry<String, Long> stream : sent.entrySet()) {
      long received = counts.path(stream.getKey()).path("received").asLong(-1);
      if (received != stream.getValue()) {
        throw new IOException(
            "copy %d %s: sent %d %s records, the service received %d: %s"
                .formatted(copy, service, stream.getValue(), stream.getKey(), received, answer));
      }
    }
  }

  /** {@code memories 104000 (+104000 new)} per stream with records. */
  private static String summary(JsonNode answer) {
    StringBuilder text = new StringBuilder();
    answer
        .path("counts")
        .properties()
        .forEach(
            e -> {
              long received = e.getValue().path("received").asLong();
              if (received > 0) {
                text.append(text.isEmpty() ? "" : ", ")
                    .append(e.getKey())
                    .append(' ')
                    .append(received)
                    .append(" (")
                    .append(e.getValue().path("inserted").asLong())
                    .append(" new)");
              }
            });
    return text.isEmpty() ? "nothing" : text.toString();
  }

  private static String size(Path file) throws IOException {
    return String.format("%.0f MiB", Files.size(file) / 1048576.0);
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }
}
