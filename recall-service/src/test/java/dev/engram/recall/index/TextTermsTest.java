package dev.engram.recall.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.Test;

/** A query's keyword terms and names are bounded, whatever its length; the first ones are kept. */
class TextTermsTest {

  @Test
  void aLongQueryKeepsItsFirstDistinctTerms() {
    List<String> words = IntStream.range(0, 300).mapToObj(i -> "word" + i + "x").toList();
    try (Analyzer analyzer = TextTerms.analyzer()) {
      Set<String> terms = TextTerms.distinct(analyzer, String.join(" ", words));
      assertEquals(TextTerms.MAX_QUERY_TERMS, terms.size());
      assertEquals(words.subList(0, TextTerms.MAX_QUERY_TERMS), new ArrayList<>(terms));
      // repeats do not count: the same three words over and over are three terms
      assertEquals(3, TextTerms.distinct(analyzer, "tea kettle stove ".repeat(200)).size());
    }
  }

  @Test
  void aLongQueryKeepsItsFirstNames() {
    String text =
        "Tell me about "
            + IntStream.range(0, 300)
                .mapToObj(i -> "Name" + i + "x")
                .collect(Collectors.joining(" "));
    try (Analyzer analyzer = TextTerms.analyzer()) {
      Set<String> names = TextTerms.names(analyzer, text);
      assertEquals(TextTerms.MAX_QUERY_TERMS, names.size());
      assertEquals("name0x", names.iterator().next());
    }
  }
}
