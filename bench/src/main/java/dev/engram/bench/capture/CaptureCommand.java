package dev.engram.bench.capture;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.Args;
import dev.engram.bench.EngramApi;
import dev.engram.bench.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bench capture}: how much of what a careful reader notes (LoCoMo's observations) the
 * Reflector's memories say, and how much of what they say is such a note (coverage and support,
 * {@link CaptureScore}). Reads the chats {@code bench locomo} stored; runs the Reflector over them
 * first (a chat it already read is not read again).
 */
public final class CaptureCommand {

  public static final String USAGE =
      """
        capture --data FILE   coverage and support of the Reflector's memories against the
                              file's observations (chats stored by `bench locomo` first)
          --agent NAME        agent of the conversations (default locomo)
          --conversations IDS comma-separated sample_ids (default: every conversation)
          --held-out IDS      also total these conversations apart from the others
          --cover-threshold X cosine for an observation to be covered (default 0.5)
          --support-threshold X cosine for a memory to be supported (default 0.5)
          --reflector MODE    run (default): run the Reflector over each chat first; skip
          --samples N         uncovered observations and unsupported memories printed (10)
          --json FILE         also write the figures as JSON
      """;

  private CaptureCommand() {}

  public static int run(Args args, Map<String, String> env, PrintStream out)
      throws IOException, InterruptedException {
    Path data = args.path("data");
    String agent = args.string("agent", "locomo");
    Set<String> only = ids(args.string("conversations", ""));
    Set<String> heldOut = ids(args.string("held-out", ""));
    double cover = args.decimal("cover-threshold", 0.5);
    double support = args.decimal("support-threshold", 0.5);
    String reflector = args.string("reflector", "run");
    if (!reflector.equals("run") && !reflector.equals("skip")) {
      throw new IllegalArgumentException("--reflector is run or skip, not " + reflector);
    }
    int samples = args.integer("samples", 10);
    String json = args.string("json", null);
    Target target = Target.resolve(args, env);
    args.finish();

    SuiteState suite = new SuiteState(new EngramApi(target, Duration.ofSeconds(300)), agent);
    Map<String, Set<String>> turnIds = new LinkedHashMap<>();
    Map<String, Map<Long, String>> exchanges = new LinkedHashMap<>();
    for (String sampleId : sampleIds(data)) {
      if (!only.isEmpty() && !only.contains(sampleId)) {
        continue;
      }
      Map<Long, String> turns = suite.turns(sampleId);
      if (turns.isEmpty()) {
        throw new IOException(
            "chat "
                + agent
                + "/"
                + sampleId
                + " holds no exchanges: run ./engram bench locomo"
                + " --data "
                + data
                + " first (or pass --agent)");
      }
      exchanges.put(sampleId, turns);
      turnIds.put(sampleId, new HashSet<>(turns.values()));
    }
    Map<String, List<CaptureScore.Item>> observations = Observations.read(data, turnIds);
    out.printf("%s: %d conversations; suite: %s%n", data, exchanges.size(), target);

    Map<String, CaptureScore.Result> results = new LinkedHashMap<>();
    for (Map.Entry<String, Map<Long, String>> chat : exchanges.entrySet()) {
      String sampleId = chat.getKey();
      if (reflector.equals("run")) {
        JsonNode run = suite.reflect(sampleId);
        out.printf(
            "  %s: Reflector read %d exchanges, inserted %d, touched %d, skipped %d%n",
            sampleId,
            run.path("exchanges_read").asInt(),
            run.path("inserted").asInt(),
            run.path("touched").asInt(),
            run.path("skipped").asInt());
      }
      List<CaptureScore.Item> memories = suite.memories(sampleId, chat.getValue());
      List<CaptureScore.Item> refs = observations.getOrDefault(sampleId, List.of());
      Set<String> texts = new LinkedHashSet<>();
      refs.forEach(o -> texts.add(o.text()));
      memories.forEach(m -> texts.add(m.text()));
      results.put(sampleId, CaptureScore.score(refs, memories, suite.embed(texts), cover, support));
    }
    CaptureReport.print(results, heldOut, cover, support, samples, out);
    if (json != null) {
      ObjectNode root = CaptureReport.json(results, heldOut, cover, support);
      Files.writeString(Path.of(json), root.toPrettyString() + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }

  private static List<String> sampleIds(Path data) throws IOException {
    JsonNode root = EngramApi.JSON.readTree(data.toFile());
    if (!root.isArray()) {
      throw new IOException(data + ": expected a JSON list of conversations");
    }
    return root.findValuesAsText("sample_id");
  }

  private static Set<String> ids(String csv) {
    Set<String> ids = new LinkedHashSet<>();
    Arrays.stream(csv.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(ids::add);
    return ids;
  }
}
