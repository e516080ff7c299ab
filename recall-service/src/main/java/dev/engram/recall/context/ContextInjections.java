package dev.engram.recall.context;

import dev.engram.contracts.index.IndexDocument;
import dev.engram.recall.index.DocKey;
import dev.engram.recall.injection.InjectionRecord;
import dev.engram.recall.recall.FusedHit;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The injection record of an assembled context (issue 29): each section with what it showed (the
 * line cut to 300 characters; a recall hit's fused score and signal ranks), the fetched candidates
 * no section showed and the slots that did not fit ("budget"), and the skipped sources. Compact:
 * built from what the assembly already holds, at most {@link #MAX_OMITTED} omitted items.
 */
final class ContextInjections {

  static final int TEXT_CHARS = 300;
  static final int QUERY_CHARS = 500;
  static final int MAX_OMITTED = 100;

  /** What the assembly knew beyond its answer: the recall hits and the candidates per layer. */
  record Inputs(
      Map<DocKey, FusedHit> hits,
      List<List<IndexDocument>> candidates,
      List<SlotSource.Slot> slots) {}

  private ContextInjections() {}

  static InjectionRecord of(
      String tenant,
      ContextRequest r,
      String kind,
      List<ContextSection> filled,
      ContextResponse answer,
      Inputs inputs) {
    List<InjectionRecord.Section> sections = new ArrayList<>(filled.size());
    Set<DocKey> shown = new HashSet<>();
    Set<String> slotsShown = new HashSet<>();
    int selected = 0;
    long candidates = 0;
    long omitted = 0;
    for (int i = 0; i < filled.size(); i++) {
      ContextSection s = filled.get(i);
      ContextResponse.Section reported = answer.sections().get(i);
      selected += reported.selected();
      candidates += reported.candidates();
      omitted += reported.omitted();
      List<InjectionRecord.Shown> items = new ArrayList<>(s.entries.size());
      if (s.isSlot()) {
        if (s.rendered()) {
          slotsShown.add(s.name);
          items.add(
              new InjectionRecord.Shown("slot:" + s.name, cut(s.content, TEXT_CHARS), null, null));
        }
      } else {
        for (int n = 0; n < s.entries.size(); n++) {
          ContextSection.Entry e = s.entries.get(n);
          items.add(shown(e, n, inputs.hits()));
          if (e.key() != null) {
            shown.add(e.key());
          }
        }
      }
      sections.add(new InjectionRecord.Section(s.name, reported.tokens(), items));
    }
    List<InjectionRecord.Omitted> left = new ArrayList<>();
    for (SlotSource.Slot slot : inputs.slots()) {
      if (!slotsShown.contains(slot.name()) && left.size() < MAX_OMITTED) {
        left.add(new InjectionRecord.Omitted("slot:" + slot.name(), "budget"));
      }
    }
    Set<DocKey> listed = new HashSet<>();
    for (List<IndexDocument> layer : inputs.candidates()) {
      for (IndexDocument d : layer) {
        DocKey key = DocKey.of(d);
        if (left.size() < MAX_OMITTED && !shown.contains(key) && listed.add(key)) {
          left.add(new InjectionRecord.Omitted(ref(key), "budget"));
        }
      }
    }
    return new InjectionRecord(
        tenant,
        r.agent(),
        r.chat(),
        r.thread(),
        r.session(),
        kind,
        Instant.now(),
        cut(r.query(), QUERY_CHARS),
        r.budgetTokens(),
        answer.tokens(),
        selected,
        candidates,
        omitted,
        sections,
        left,
        answer.skipped().stream()
            .map(k -> new InjectionRecord.Skipped(k.source(), k.reason()))
            .toList());
  }

  private static InjectionRecord.Shown shown(
      ContextSection.Entry e, int index, Map<DocKey, FusedHit> hits) {
    String text = cut(e.line(), TEXT_CHARS);
    if (e.key() == null) {
      return new InjectionRecord.Shown(
          e.fact() != 0 ? "fact:" + e.fact() : "belief:" + (index + 1), text, null, null);
    }
    FusedHit hit = hits.get(e.key());
    if (hit == null) {
      return new InjectionRecord.Shown(ref(e.key()), text, null, null);
    }
    Map<String, InjectionRecord.SignalRank> signals = new LinkedHashMap<>();
    hit.signals()
        .forEach(
            (signal, found) ->
                signals.put(
                    signal.wire(), new InjectionRecord.SignalRank(found.rank(), found.score())));
    return new InjectionRecord.Shown(ref(e.key()), text, hit.score(), signals);
  }

  private static String ref(DocKey key) {
    return key.kind().wire() + ":" + key.id();
  }

  private static String cut(String text, int chars) {
    if (text == null || text.length() <= chars) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(chars - 1)) ? chars - 1 : chars;
    return text.substring(0, end);
  }
}
