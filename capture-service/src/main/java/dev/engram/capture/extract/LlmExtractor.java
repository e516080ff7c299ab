package dev.engram.capture.extract;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.config.CaptureConfig;
import dev.engram.capture.llm.LlmChat;
import dev.engram.capture.memory.MemoryCategory;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The optional LLM extractor: one OpenAI-compatible chat completion per batch, asked to answer with
 * JSON that follows a schema ({@code response_format: json_schema}). Its answer is checked like any
 * input: unknown categories, exchange ids outside the batch, malformed predicates and dates are
 * dropped, and the quality gate applies. Quarantined turns are never sent to the model (they could
 * steer it); the deterministic extractor reads them, and what it finds stays quarantined.
 */
public final class LlmExtractor implements Extractor {

  public static final String VERSION = "1";

  private static final Pattern PREDICATE = Pattern.compile("^[a-z][a-z0-9_]{0,63}$");

  private static final String SYSTEM =
      """
      You extract long-term memories from a chat transcript for an assistant's memory: what a
      careful reader would note about each person in it. Keep durable, specific information about
      every speaker, including what one says about the other: plans, events (with their dates),
      preferences, likes and dislikes, relationships and family, possessions and pets, places
      (where they live, come from, travel), jobs and studies, health, hobbies, decisions,
      commitments with their due dates, and corrections of earlier statements. Drop greetings,
      thanks, praise, sympathy, filler, questions, small talk and promises that only keep the
      conversation going ("I'll let you know", "I'll keep that in mind"). Write each memory as one
      self-contained sentence in the third person that names the person it is about, with no
      speaker prefix ("Sam and Anna decided to move in together", not "Sam: we decided ...");
      replace I/me/my/we/you/your by the people they mean, with correct grammar. Resolve relative
      dates against the time of the line they appear in. When a memory is a subject-predicate-object
      fact, give subject, predicate (lower_snake_case, e.g. lives_in, works_at, likes) and
      object; otherwise null.
      valid_from is when the fact became true or the event happened (ISO-8601), or null.
      exchange_ids are the ids of the lines the memory comes from.""";

  private final LlmChat client;
  private final ObjectMapper json;
  private final CaptureConfig.Llm config;
  private final DeterministicExtractor fallback;
  private final Nlp nlp;
  private final Vertx vertx;

  /** {@code vertx} runs the CPU work (tagging the answer) off the event loop. */
  public LlmExtractor(
      CaptureConfig.Llm config,
      ObjectMapper json,
      DeterministicExtractor fallback,
      Nlp nlp,
      Vertx vertx) {
    this.client = new LlmChat(config);
    this.json = json;
    this.config = config;
    this.fallback = fallback;
    this.nlp = nlp;
    this.vertx = vertx;
  }

  @Override
  public String name() {
    return "llm:" + config.model();
  }

  @Override
  public String version() {
    return VERSION;
  }

  @Override
  public Uni<Extraction> extract(List<Statement> statements) {
    List<Statement> clean = statements.stream().filter(s -> s.quarantine() == null).toList();
    List<Statement> poisoned = statements.stream().filter(s -> s.quarantine() != null).toList();
    if (clean.isEmpty()) {
      return offloaded(() -> fallback.extractNow(poisoned));
    }
    return client
        .complete(request(clean))
        .chain(
            response ->
                offloaded(
                    () -> {
                      Extraction found = parse(response, clean);
                      Extraction quarantined = fallback.extractNow(poisoned);
                      List<Finding> all = new ArrayList<>(found.findings());
                      all.addAll(quarantined.findings());
                      return new Extraction(all, found.skipped() + quarantined.skipped());
                    }));
  }

  /** Runs CPU work on a worker thread and comes back to the caller's Vert.x context. */
  private Uni<Extraction> offloaded(java.util.function.Supplier<Extraction> work) {
    return vertx.executeBlocking(Uni.createFrom().item(work));
  }

  private JsonNode request(List<Statement> statements) {
    StringBuilder transcript = new StringBuilder();
    for (Statement s : statements) {
      transcript
          .append("[id=")
          .append(s.exchangeId())
          .append(' ')
          .append(s.occurredAt())
          .append(' ')
          .append(s.speaker())
          .append(" (")
          .append(s.role())
          .append(")] ")
          .append(s.text().replace('\n', ' '))
          .append('\n');
    }
    ObjectNode body = json.createObjectNode();
    body.put("model", config.model());
    body.put("temperature", 0);
    ArrayNode messages = body.putArray("messages");
    messages.addObject().put("role", "system").put("content", SYSTEM);
    messages.addObject().put("role", "user").put("content", transcript.toString());
    ObjectNode format = body.putObject("response_format");
    format.put("type", "json_schema");
    ObjectNode schema = format.putObject("json_schema");
    schema.put("name", "engram_memories");
    schema.put("strict", true);
    schema.set("schema", schema());
    return body;
  }

  private JsonNode schema() {
    try {
      return json.readTree(
          """
          {"type":"object","additionalProperties":false,"required":["memories"],
           "properties":{"memories":{"type":"array","items":{"type":"object",
             "additionalProperties":false,
             "required":["text","category","confidence","exchange_ids","subject","predicate",
                         "object","valid_from","correction"],
             "properties":{
               "text":{"type":"string"},
               "category":{"type":"string","enum":["PROFILE","KNOWLEDGE","EVENT","DECISION"]},
               "confidence":{"type":"number"},
               "exchange_ids":{"type":"array","items":{"type":"integer"}},
               "subject":{"type":["string","null"]},
               "predicate":{"type":["string","null"]},
               "object":{"type":["string","null"]},
               "valid_from":{"type":["string","null"]},
               "correction":{"type":"boolean"}}}}}}""");
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private Extraction parse(JsonNode response, List<Statement> batch) {
    String content = LlmChat.content(response);
    JsonNode memories;
    try {
      memories = json.readTree(content).path("memories");
    } catch (java.io.IOException e) {
      throw new IllegalStateException("the model's answer is not JSON", e);
    }
    Set<Long> ids = new HashSet<>();
    batch.forEach(s -> ids.add(s.exchangeId()));
    Map<Long, Statement> byId = new LinkedHashMap<>();
    batch.forEach(s -> byId.put(s.exchangeId(), s));
    List<Finding> findings = new ArrayList<>();
    int skipped = 0;
    for (JsonNode m : memories) {
      Finding f = finding(m, ids, byId);
      if (f == null) {
        skipped++;
      } else {
        findings.add(f);
      }
    }
    return new Extraction(findings, skipped);
  }

  /** Every sentence passes the quality gate and the whole says something (2+ content words). */
  private boolean worthKeeping(String text) {
    List<Nlp.Sentence> sentences = text.isEmpty() ? List.of() : nlp.sentences(text);
    return !sentences.isEmpty()
        && sentences.stream().allMatch(s -> QualityGate.check(s) == null)
        && sentences.stream().mapToInt(Nlp.Sentence::contentTokens).sum() >= 2;
  }

  private Finding finding(JsonNode m, Set<Long> ids, Map<Long, Statement> byId) {
    String text = m.path("text").asText("").strip();
    if (!worthKeeping(text)) {
      return null; // the same quality gate as the deterministic extractor
    }
    MemoryCategory category;
    try {
      category = MemoryCategory.valueOf(m.path("category").asText("").toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
    List<Long> sources = new ArrayList<>();
    m.path("exchange_ids")
        .forEach(
            id -> {
              if (ids.contains(id.asLong())) {
                sources.add(id.asLong());
              }
            });
    if (sources.isEmpty()) {
      return null; // no provenance inside this batch
    }
    Statement first = byId.get(sources.getFirst());
    Instant validFrom = first.occurredAt();
    String from = m.path("valid_from").asText(null);
    if (from != null && !from.isBlank()) {
      try {
        validFrom = from.length() == 10 ? Instant.parse(from + "T00:00:00Z") : Instant.parse(from);
      } catch (DateTimeParseException e) {
        // keep the time of the exchange
      }
    }
    Finding.Triple triple = null;
    String subject = m.path("subject").asText(null);
    String predicate = m.path("predicate").asText(null);
    String object = m.path("object").asText(null);
    if (subject != null
        && predicate != null
        && object != null
        && !subject.isBlank()
        && !object.isBlank()
        && PREDICATE.matcher(predicate).matches()) {
      triple = new Finding.Triple(subject.strip(), predicate, object.strip());
    }
    double confidence = Math.max(0, Math.min(1, m.path("confidence").asDouble(0.7)));
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("kind", "llm");
    return new Finding(
        text,
        category,
        confidence,
        List.copyOf(sources),
        triple,
        validFrom,
        meta,
        m.path("correction").asBoolean(false),
        name(),
        VERSION,
        null);
  }
}
