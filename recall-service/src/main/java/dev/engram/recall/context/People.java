package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The people of a chat and what is known about each (MicroClaw's per-sender sections): the distinct
 * senders of its recent turns with role {@code user}, most recent first; a memory is about one of
 * them when its text names them as a whole word (any case) or its metadata {@code person} or {@code
 * subject} is them; a fact is about them when they are its subject.
 */
final class People {

  /** One person of the chat, with the memories and current facts about them, best first. */
  record Person(String name, List<IndexDocument> memories, List<FactSource.Fact> facts) {}

  private People() {}

  /** Distinct user senders, newest first, the agent itself excluded, at most {@code max}. */
  static List<String> of(List<TurnSource.Turn> turns, String agent, int max) {
    Set<String> seen = new LinkedHashSet<>();
    List<String> people = new ArrayList<>();
    for (TurnSource.Turn t : turns.reversed()) {
      String name = t.speaker() == null ? "" : t.speaker().strip();
      if (people.size() >= max
          || !"user".equalsIgnoreCase(t.role())
          || name.isEmpty()
          || name.equalsIgnoreCase(agent)) {
        continue;
      }
      if (seen.add(name.toLowerCase(Locale.ROOT))) {
        people.add(name);
      }
    }
    return people;
  }

  /** Whether the memory is about {@code name}. */
  static boolean about(IndexDocument d, String name) {
    Map<String, String> metadata = d.metadata() == null ? Map.of() : d.metadata();
    for (String key : List.of("person", "subject")) {
      String value = metadata.get(key);
      if (value != null && value.strip().equalsIgnoreCase(name)) {
        return true;
      }
    }
    return d.text() != null && names(name).matcher(d.text()).find();
  }

  /** Whether the fact's subject is {@code name}. */
  static boolean about(FactSource.Fact f, String name) {
    return f.subject() != null && f.subject().strip().equalsIgnoreCase(name);
  }

  /** {@code name} as a whole word, in any case. */
  private static Pattern names(String name) {
    return Pattern.compile(
        "(?<![\\p{L}\\p{N}])" + Pattern.quote(name) + "(?![\\p{L}\\p{N}])",
        Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  }
}
