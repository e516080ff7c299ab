package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Latencies;
import dev.engram.bench.Machine;
import dev.engram.bench.Target;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code bench fairness}: another key's recall latency while one key floods recall-service (issue
 * 28: 200 concurrent recalls with 30 KB queries from one key moved another key's p95 from 0.03 s to
 * 4.4 s). The control key (the suite's admin key unless {@code --key}) asks {@code --calls} recalls
 * one after another on an idle suite, then again while {@code --flood} callers with the flood key
 * send large recalls as fast as they are answered; it prints both beside each other with the load
 * average, and what the flood got (200s, 429s). The flood and the suite share this machine's cores,
 * so a flood caller pauses {@code --flood-pause-ms} after each refusal, as any client that is not
 * itself a denial of service would: what is measured is the server's sharing, not this process's
 * own CPU.
 */
public final class FairnessCommand {

  public static final String USAGE =
      """
        fairness --flood-key KEY   another key's recall latency while one key floods recall
          --flood N           concurrent flood callers (default 200)
          --query-bytes N     bytes of each flood query (default 30000)
          --calls N           control recalls per phase (default 300)
          --warmup N          unmeasured control recalls first (default 300)
          --settle N          seconds the flood runs at full tilt (every caller answered
                              once) before the control measures (default 10)
          --flood-pause-ms N  a flood caller's pause after a 429 (default 50)
          --flood-nice N      the flood runs in its own process at this nice level (default 19),
                              as a caller on another machine would take none of these cores
          --json FILE         also write the numbers as JSON
          --agent NAME, --seed N, --chats N   whose memories the control recalls ask (bench
                              load's defaults: load, 42, 20)
      """;

  private FairnessCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    String agent = args.string("agent", "load");
    SentenceGenerator generator =
        new SentenceGenerator(args.number("seed", 42), args.integer("chats", 20), 0.1);
    String floodKey = args.string("flood-key", env.get("ENGRAM_FLOOD_KEY"));
    int flood = args.integer("flood", 200);
    int queryBytes = args.integer("query-bytes", 30_000);
    int calls = args.integer("calls", 300);
    int warmup = args.integer("warmup", 300);
    int settle = args.integer("settle", 10);
    int nice = args.integer("flood-nice", 19);
    long pause = args.integer("flood-pause-ms", 50);
    String json = args.string("json", null);
    Target target = Target.resolve(args, env);
    args.finish();
    if (floodKey == null || floodKey.isBlank()) {
      throw new IllegalArgumentException(
          "give --flood-key (or ENGRAM_FLOOD_KEY): another key than the control's, e.g."
              + " FLOOD=$(./engram key create --tenant flood --roles agent)");
    }
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    ObjectNode report = EngramApi.JSON.createObjectNode();
    out.printf("Suite: %s; load average %s%n", target, Machine.loadAverage());

    for (int i = 0; i < warmup; i++) {
      control(http, target, agent, generator, 10_000 + i);
    }
    Latencies idle = new Latencies();
    for (int i = 0; i < calls; i++) {
      idle.add(control(http, target, agent, generator, 1_000 + i));
    }
    String idleLoad = Machine.loadAverage();
    out.printf("control recall, idle:   %s; load average %s%n", idle.summary(), idleLoad);

    FloodProcess f = FloodProcess.start(target, floodKey.strip(), flood, queryBytes, pause, nice);
    full(f, flood, out);
    Thread.sleep(settle * 1000L); // the flood's own code paths compiled, its queue steady
    ProcessCpu cpuBefore = ProcessCpu.read(target.home());
    long answeredBefore = answered(f.counts());
    Latencies flooded = new Latencies();
    long start = System.nanoTime();
    for (int i = 0; i < calls; i++) {
      flooded.add(control(http, target, agent, generator, 2_000 + i));
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpu = ProcessCpu.read(target.home()).secondsSince(cpuBefore);
    Map<String, Long> statuses = f.counts();
    long answered = answered(statuses) - answeredBefore + calls;
    String floodLoad = Machine.loadAverage();
    f.stop();
    out.printf("control recall, flooded: %s; load average %s%n", flooded.summary(), floodLoad);
    out.printf(
        "  p50 ×%.2f, p95 ×%.2f of idle (target: p95 within ×2)%n",
        flooded.percentile(50) / idle.percentile(50), flooded.percentile(95) / idle.percentile(95));
    out.printf(
        "flood: %d callers, %d-byte queries: %s while the control ran (%.1f s)%n",
        flood, queryBytes, statuses, seconds);
    out.printf(
        "  suite CPU %.1f s over those %.1f s: %.1f ms per recall answered (flood's and control's)%n",
        cpu, seconds, 1000 * cpu / answered);

    report.set("idle", EngramApi.JSON.valueToTree(idle.toMap()));
    report.set("flooded", EngramApi.JSON.valueToTree(flooded.toMap()));
    report.put("load_average_idle", idleLoad);
    report.put("load_average_flooded", floodLoad);
    report.put("flood_callers", flood);
    report.put("flood_query_bytes", queryBytes);
    report.set("flood_statuses", EngramApi.JSON.valueToTree(statuses));
    report.put("flood_nice", nice);
    report.put("suite_cpu_ms_per_answered_recall", Math.round(1e4 * cpu / answered) / 10.0);
    if (json != null) {
      Files.writeString(Path.of(json), report.toPrettyString());
    }
    return 0;
  }

  private static long answered(Map<String, Long> statuses) {
    return statuses.getOrDefault("200", 0L);
  }

  /**
   * {@code bench fairness-flood} (started by {@code fairness}, not by hand): the flood callers with
   * the key of ENGRAM_API_KEY until a line {@code stop} or the end of stdin; each line {@code
   * count} is answered with the statuses so far as one JSON line, and so is the stop.
   */
  public static int floodOnly(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    int flood = args.integer("flood", 200);
    int queryBytes = args.integer("query-bytes", 30_000);
    long pause = args.integer("flood-pause-ms", 50);
    Target target = Target.resolve(args, env);
    args.finish();
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    Flood f =
        new Flood(
            http, target, target.key(), big(new SentenceGenerator(42, 20, 0.1), queryBytes), pause);
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < flood; i++) {
      callers.add(Thread.ofPlatform().daemon().start(f::loop));
    }
    var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null && !line.strip().equals("stop"); ) {
      out.println(EngramApi.JSON.writeValueAsString(f.counts()));
      out.flush();
    }
    f.stop.set(true);
    for (Thread t : callers) {
      t.join(Duration.ofSeconds(90));
    }
    out.println(EngramApi.JSON.writeValueAsString(f.counts()));
    out.flush();
    return 0;
  }

  /**
   * Waits until every flood caller has had an answer (a 200 or a refusal): the flood's process is
   * up and each caller is in its loop. A fixed pause measured part of the control calls against a
   * flood still starting (its JVM, at nice 19, took seconds on a busy machine).
   */
  private static void full(FloodProcess f, int flood, PrintStream out)
      throws IOException, InterruptedException {
    long start = System.nanoTime();
    while (true) {
      Thread.sleep(250);
      Map<String, Long> counts = f.counts();
      long answers = counts.values().stream().mapToLong(Long::longValue).sum();
      double seconds = (System.nanoTime() - start) / 1e9;
      if (answers >= flood) {
        out.printf("flood at full tilt after %.1f s: %s%n", seconds, counts);
        return;
      }
      if (seconds > 120) {
        throw new IllegalStateException(
            "the flood had " + answers + " answers in 120 s: " + counts);
      }
    }
  }

  /** The flood in a child process at a nice level, asked for its counts over its stdin. */
  private record FloodProcess(Process process, BufferedReader answers, Writer ask) {

    static FloodProcess start(
        Target target, String key, int flood, int queryBytes, long pause, int nice)
        throws IOException {
      String javaBin = ProcessHandle.current().info().command().orElse("java");
      List<String> command =
          new ArrayList<>(
              List.of(
                  "nice",
                  "-n",
                  Integer.toString(nice),
                  javaBin,
                  "-cp",
                  System.getProperty("java.class.path"),
                  "dev.engram.bench.BenchMain",
                  "fairness-flood",
                  "--flood",
                  Integer.toString(flood),
                  "--query-bytes",
                  Integer.toString(queryBytes),
                  "--flood-pause-ms",
                  Long.toString(pause),
                  "--home",
                  target.home().toString(),
                  "--capture",
                  target.capture().toString(),
                  "--recall",
                  target.recall().toString()));
      ProcessBuilder b = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
      b.environment().put("ENGRAM_API_KEY", key);
      Process p = b.start();
      return new FloodProcess(
          p,
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)),
          new OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8));
    }

    Map<String, Long> counts() throws IOException {
      ask.write("count\n");
      ask.flush();
      return read();
    }

    void stop() throws IOException, InterruptedException {
      ask.write("stop\n");
      ask.flush();
      read();
      process.waitFor();
    }

    private Map<String, Long> read() throws IOException {
      String line = answers.readLine();
      if (line == null) {
        throw new IOException("the flood process ended early (exit " + process.exitValue() + ")");
      }
      Map<String, Long> m = new TreeMap<>();
      EngramApi.JSON
          .readTree(line)
          .properties()
          .forEach(e -> m.put(e.getKey(), e.getValue().asLong()));
      return m;
    }
  }

  /** One control recall with the control key; its latency in ms (fails on anything but 200). */
  private static double control(
      HttpClient http, Target target, String agent, SentenceGenerator generator, long i)
      throws IOException, InterruptedException {
    SentenceGenerator.SyntheticQuery q = generator.query(i);
    long t = System.nanoTime();
    HttpResponse<String> r =
        http.send(
            recall(target, target.key(), agent, q.chat(), q.query()),
            HttpResponse.BodyHandlers.ofString());
    double ms = (System.nanoTime() - t) / 1e6;
    if (r.statusCode() != 200) {
      throw new IOException("control recall answered " + r.statusCode() + ": " + r.body());
    }
    return ms;
  }

  private static HttpRequest recall(
      Target target, String key, String agent, String chat, String query) throws IOException {
    byte[] body =
        EngramApi.JSON.writeValueAsBytes(
            Map.of("agent", agent, "chat", chat, "query", query, "k", 10));
    return HttpRequest.newBuilder(target.recall().resolve("/v1/recall"))
        .timeout(Duration.ofSeconds(60))
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /** A query of about {@code bytes} bytes: the generator's memories one after another. */
  private static String big(SentenceGenerator generator, int bytes) {
    StringBuilder text = new StringBuilder(bytes + 200);
    for (long i = 0; text.length() < bytes; i++) {
      text.append(generator.memory(i).text()).append(' ');
    }
    return text.substring(0, bytes);
  }

  /** The flood: callers that send large recalls with the flood key until stopped. */
  private static final class Flood {
    private final HttpClient http;
    private final Target target;
    private final String key;
    private final String query;
    private final long pause;
    final AtomicBoolean stop = new AtomicBoolean();
    final Map<String, LongAdder> statuses = new ConcurrentHashMap<>();

    Flood(HttpClient http, Target target, String key, String query, long pause) {
      this.http = http;
      this.target = target;
      this.key = key;
      this.query = query;
      this.pause = pause;
    }

    void loop() {
      long n = 0;
      while (!stop.get()) {
        String status;
        try {
          // Each caller's query differs in its last words, so no cache answers it.
          String q = query + " " + Thread.currentThread().threadId() + " " + n++;
          status =
              Integer.toString(
                  http.send(
                          recall(target, key, "flood", "flood", q),
                          HttpResponse.BodyHandlers.discarding())
                      .statusCode());
        } catch (IOException e) {
          status = "error";
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
        if (!stop.get()) {
          statuses.computeIfAbsent(status, s -> new LongAdder()).increment();
        }
        if (!status.equals("200")) {
          try {
            Thread.sleep(pause);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
    }

    Map<String, Long> counts() {
      Map<String, Long> m = new TreeMap<>();
      statuses.forEach((k, v) -> m.put(k, v.sum()));
      return m;
    }
  }
}
