package dev.engram.capture.session;

import dev.engram.capture.exchange.Exchange;
import dev.engram.capture.extract.DeterministicExtractor;
import dev.engram.capture.extract.Finding;
import dev.engram.capture.extract.Nlp;
import dev.engram.capture.extract.Statement;
import dev.engram.capture.memory.MemoryRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads what a stretch of a session was about, for its handoff, summary and checkpoints: key topics
 * (proper nouns and nouns by frequency, from OpenNLP tags) and open commitments (those a gateway
 * names, the session's commitment memories not yet due, and those in its turns the Reflector has
 * not read yet).
 */
@ApplicationScoped
class SessionDigests {

  private static final int MAX_TOPICS = 8;

  private final Nlp nlp;
  private final DeterministicExtractor extractor;
  private final MemoryRepository memories;

  SessionDigests(Nlp nlp, DeterministicExtractor extractor, MemoryRepository memories) {
    this.nlp = nlp;
    this.extractor = extractor;
    this.memories = memories;
  }

  /** What these turns ({@code newestFirst}) of the session were about, as of {@code now}. */
  Uni<SessionDigest> of(
      String tenant,
      String agent,
      String session,
      List<Exchange> newestFirst,
      List<String> given,
      Instant now) {
    List<Exchange> turns = new ArrayList<>(newestFirst);
    Collections.reverse(turns);
    return memories
        .commitments(tenant, agent, session)
        .map(stored -> new SessionDigest(turns, topics(turns), open(turns, given, stored, now)));
  }

  private List<String> open(
      List<Exchange> turns,
      List<String> given,
      List<MemoryRepository.Commitment> stored,
      Instant now) {
    LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
    Set<String> open = new LinkedHashSet<>(given == null ? List.of() : given);
    for (MemoryRepository.Commitment c : stored) {
      String due = c.due();
      if (due == null || !LocalDate.parse(due).isBefore(today)) {
        open.add(c.text() + (due == null ? "" : " (due " + due + ")"));
      }
    }
    List<Statement> statements = turns.stream().map(Exchange::statement).toList();
    for (Finding f : extractor.extractNow(statements).findings()) {
      String due = f.metadata() == null ? null : f.metadata().get("due");
      if (f.metadata() != null
          && "commitment".equals(f.metadata().get("kind"))
          && (due == null || !LocalDate.parse(due).isBefore(today))) {
        open.add(f.text() + (due == null ? "" : " (due " + due + ")"));
      }
    }
    return new ArrayList<>(open);
  }

  private List<String> topics(List<Exchange> turns) {
    Map<String, Integer> counts = new HashMap<>();
    Map<String, String> display = new HashMap<>();
    for (Exchange e : turns) {
      for (Nlp.Sentence s : nlp.sentences(e.text)) {
        for (Nlp.Token t : s.tokens()) {
          boolean proper = t.is("PROPN");
          if ((proper || t.is("NOUN")) && t.text().length() > 2) {
            String key = t.lower();
            counts.merge(key, proper ? 2 : 1, Integer::sum);
            display.putIfAbsent(key, proper ? t.text() : key);
          }
        }
      }
    }
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Integer>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()))
        .limit(MAX_TOPICS)
        .map(entry -> display.get(entry.getKey()))
        .collect(Collectors.toCollection(ArrayList::new));
  }
}
