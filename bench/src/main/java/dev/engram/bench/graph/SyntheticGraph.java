package dev.engram.bench.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A reproducible synthetic tenant: people with two-word names and a few cities, facts between them
 * (hub-skewed, so some entities have hundreds of facts), and memories whose text states the facts
 * they source. Names are built from syllables so that no two are close enough for fuzzy resolution
 * to merge them.
 */
final class SyntheticGraph {

  private static final String[] SYLLABLES = syllables();
  private static final String[] NON_FUNCTIONAL = {"knows", "works_with", "mentors", "met", "likes"};

  final List<String> people;
  final List<String> cities;
  private final Random random;

  SyntheticGraph(int entities, long seed) {
    this.random = new Random(seed);
    int cityCount = Math.max(1, Math.min(50, entities / 200));
    this.cities = new ArrayList<>();
    for (int i = 0; i < cityCount; i++) {
      cities.add(capitalize(word(i, 10)));
    }
    this.people = new ArrayList<>();
    int side = (int) Math.ceil(Math.sqrt(entities - cityCount));
    for (int i = 0; i < side && people.size() < entities - cityCount; i++) {
      for (int j = 0; j < side && people.size() < entities - cityCount; j++) {
        people.add(capitalize(word(i, 0)) + " " + capitalize(word(j, 30)));
      }
    }
  }

  /** One fact: subject, predicate, object. */
  record Fact(String subject, String predicate, String object) {}

  /** A person, hub-skewed: low indexes come up far more often. */
  String person() {
    double u = random.nextDouble();
    return people.get((int) Math.floor(Math.pow(u, 2.2) * people.size()));
  }

  String anyPerson() {
    return people.get(random.nextInt(people.size()));
  }

  Fact fact() {
    String subject = anyPerson();
    if (random.nextInt(10) == 0) {
      return new Fact(subject, "lives_in", cities.get(random.nextInt(cities.size())));
    }
    String object = person();
    while (object.equals(subject)) {
      object = person();
    }
    return new Fact(subject, NON_FUNCTIONAL[random.nextInt(NON_FUNCTIONAL.length)], object);
  }

  int nextInt(int bound) {
    return random.nextInt(bound);
  }

  /**
   * Word {@code i} (0..99) of a family of four-syllable words starting at syllable {@code offset}:
   * two words of one family differ in at least three syllables (Jaro-Winkler at most 0.87), and
   * families at different offsets share no word.
   */
  private static String word(int i, int offset) {
    int a = i / 10;
    int b = i % 10;
    return SYLLABLES[offset + a]
        + SYLLABLES[offset + 10 + b]
        + SYLLABLES[offset + 20 + (a + b) % 10]
        + SYLLABLES[offset + 30 + (a + 2 * b) % 10];
  }

  private static String[] syllables() {
    String consonants = "bdfgklmnprstvz";
    String vowels = "aeiou";
    List<String> all = new ArrayList<>();
    for (int v = 0; v < vowels.length(); v++) {
      for (int c = 0; c < consonants.length(); c++) {
        all.add("" + consonants.charAt(c) + vowels.charAt(v));
      }
    }
    return all.toArray(String[]::new);
  }

  private static String capitalize(String word) {
    return Character.toUpperCase(word.charAt(0)) + word.substring(1);
  }
}
