package dev.engram.graph.text;

import static org.hamcrest.MatcherAssert.assertThat;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;

import org.junit.jupiter.api.Test;

/** The OpenNLP models from the classpath, on sentences like those memories hold. */
class MentionExtractorTest {

  private static final MentionExtractor EXTRACTOR = new MentionExtractor();

  @Test
  void findsMultiWordNamesAndLeavesTheRest() {
    assertThat(
        EXTRACTOR.names("Alice Martin moved to New York City and works at Acme Corp."),
        contains("Alice Martin", "New York City", "Acme Corp"));
    assertThat(EXTRACTOR.names("I moved to Porto"), contains("Porto"));
  }

  @Test
  void handlesPossessivesTitlesConnectorsAndCalendarWords() {
    assertThat(
        EXTRACTOR.names("Alice's sister met Dr. Bob Jones at the University of Porto on Monday."),
        contains("Alice", "Bob Jones", "University of Porto"));
  }

  @Test
  void catchesCapitalizedNamesTheTaggerMisses() {
    assertThat(EXTRACTOR.names("Does Alice like sushi?"), contains("Alice"));
  }

  @Test
  void plainSentencesNameNothing() {
    assertThat(EXTRACTOR.names("what is the weather like today?"), empty());
    assertThat(EXTRACTOR.names("Yesterday I went home."), empty());
  }
}
