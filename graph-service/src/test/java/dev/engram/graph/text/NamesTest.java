package dev.engram.graph.text;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;

import java.util.List;
import org.junit.jupiter.api.Test;

class NamesTest {

  @Test
  void normalizationFoldsCaseAccentsPunctuationPossessivesAndTheArticle() {
    assertThat(Names.normalize("The Eiffel  Tower"), equalTo("eiffel tower"));
    assertThat(Names.normalize("Zürich"), equalTo("zurich"));
    assertThat(Names.normalize("Alice's"), equalTo("alice"));
    assertThat(Names.normalize("Acme Corp."), equalTo("acme corp"));
    assertThat(Names.normalize("AT&T"), equalTo("at&t"));
    assertThat(Names.normalize("..."), equalTo(""));
  }

  @Test
  void idsAreStableAndPerKey() {
    assertThat(Names.entityId("alice"), equalTo(Names.entityId("alice")));
    assertThat(Names.entityId("alice").length(), equalTo(18));
  }

  @Test
  void fuzzyMatchingComparesWordByWord() {
    NameSimilarity similarity = new NameSimilarity(0.92, 4);
    assertThat(similarity.score("jonathan smith", "jonathon smith"), greaterThan(0.92));
    assertThat(similarity.score("alice smith", "alice jones"), equalTo(0.0));
    assertThat(similarity.score("ann", "anna"), equalTo(0.0));
    assertThat(similarity.score("jon smith", "john smith"), equalTo(0.0));
    assertThat(similarity.score("project 12", "project 13"), equalTo(0.0));
    assertThat(similarity.score("acme corp", "acme corporation"), equalTo(0.0));
    assertThat(new NameSimilarity(1.1, 4).score("jonathan", "jonathon"), equalTo(0.0));
  }

  @Test
  void queryCandidatesSkipStopWordsAndPreferLongestMatches() {
    List<QueryNames.Span> spans = QueryNames.candidates("Where did Alice live in New York City?");
    assertThat(QueryNames.keys(spans).contains("alice"), equalTo(true));
    assertThat(QueryNames.keys(spans).contains("new york city"), equalTo(true));
    assertThat(QueryNames.keys(spans).contains("in new york"), equalTo(false));
    assertThat(
        QueryNames.longestMatches(spans, java.util.Set.of("york", "new york city", "alice"))
            .stream()
            .map(QueryNames.Span::key)
            .toList(),
        contains("new york city", "alice"));
  }
}
