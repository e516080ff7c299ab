package dev.engram.graph.fact;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The rule for a functional predicate (one current value per subject): among the facts of one
 * subject, predicate and scope, ordered by when they became true, each fact is ended by the first
 * later fact with a different object: its {@code valid_to} is that fact's {@code valid_from} and
 * its {@code invalidated_at} that fact's {@code recorded_at} (or its own, if it was recorded
 * later). What capture-service stated explicitly wins over what this derives. The result depends
 * only on the set of facts, not on the order they arrived in, so replays and rebuilds agree.
 */
public final class FunctionalChain {

  private FunctionalChain() {}

  /** One fact of a chain as stored. {@code from} is valid_from, or recorded_at without one. */
  public record Link(
      long id,
      String object,
      Instant from,
      Instant recordedAt,
      Instant statedValidTo,
      Instant statedInvalidatedAt,
      Instant validTo,
      Instant invalidatedAt,
      Long invalidatedBy) {

    /** Retracted: invalidated by capture with no end of validity. It ends nothing. */
    boolean retracted() {
      return statedInvalidatedAt != null && statedValidTo == null;
    }
  }

  /** The effective end of one fact, to be stored when it differs from what is. */
  public record End(long id, Instant validTo, Instant invalidatedAt, Long invalidatedBy) {}

  /** Learning of an older value after a newer one cannot end it before it was recorded. */
  private static Instant latest(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }

  /** The ends that change, for one chain. */
  public static List<End> recompute(List<Link> links) {
    List<Link> ordered =
        links.stream()
            .sorted(
                Comparator.comparing(Link::from)
                    .thenComparing(Link::recordedAt)
                    .thenComparingLong(Link::id))
            .toList();
    List<End> changes = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      Link link = ordered.get(i);
      Link successor = null;
      for (int j = i + 1; j < ordered.size() && successor == null; j++) {
        Link later = ordered.get(j);
        if (!later.retracted() && !later.object().equals(link.object())) {
          successor = later;
        }
      }
      Instant validTo =
          link.statedValidTo() != null
              ? link.statedValidTo()
              : successor == null ? null : successor.from();
      Instant invalidatedAt =
          link.statedInvalidatedAt() != null
              ? link.statedInvalidatedAt()
              : successor == null ? null : latest(successor.recordedAt(), link.recordedAt());
      Long by = link.statedInvalidatedAt() == null && successor != null ? successor.id() : null;
      if (!Objects.equals(validTo, link.validTo())
          || !Objects.equals(invalidatedAt, link.invalidatedAt())
          || !Objects.equals(by, link.invalidatedBy())) {
        changes.add(new End(link.id(), validTo, invalidatedAt, by));
      }
    }
    return changes;
  }
}
