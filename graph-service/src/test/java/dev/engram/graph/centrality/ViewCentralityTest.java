package dev.engram.graph.centrality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each view is ranked over the facts its readers see, and nothing else. */
class ViewCentralityTest {

  private static ViewCentrality.Link link(String s, String o, String scope, String a, String c) {
    return new ViewCentrality.Link(s, o, scope, a, c);
  }

  private static Map<String, ViewCentrality.Ranked> rank(List<ViewCentrality.Link> links) {
    return ViewCentrality.rank(links, 0.85, 100, 1e-9).stream()
        .collect(Collectors.toMap(ViewCentrality.Ranked::key, Function.identity()));
  }

  @Test
  void aChatsViewHoldsItsFactsItsAgentsAndTheGlobalOnesOnly() {
    List<ViewCentrality.Link> chat =
        List.of(
            link("alice", "bob", "CHAT", "bot1", "c1"),
            link("bob", "initech", "AGENT", "bot1", null),
            link("carol", "bob", "GLOBAL", null, null));
    Map<String, ViewCentrality.Ranked> alone = rank(chat);

    List<ViewCentrality.Link> crowded = new java.util.ArrayList<>(chat);
    for (int i = 0; i < 5; i++) {
      crowded.add(link("alice", "friend" + i, "CHAT", "bot1", "c2"));
      crowded.add(link("alice", "guest" + i, "AGENT", "bot2", null));
    }
    Map<String, ViewCentrality.Ranked> withOthers = rank(crowded);

    String c1 = ViewCentrality.keysOf("bot1", "c1").getFirst();
    assertEquals(alone.get(c1), withOthers.get(c1));
    assertEquals(
        Map.of("alice", 0, "bob", 0, "initech", 0, "carol", 0).keySet(),
        alone.get(c1).scores().keySet());
    assertEquals(2, alone.get(c1).level());
    assertEquals(java.util.Set.of("carol", "bob"), alone.get("").scores().keySet());
    assertEquals(0.5, alone.get("").scores().get("carol"), 1e-9);
    assertTrue(withOthers.get(c1).scores().get("bob") > withOthers.get(c1).scores().get("alice"));
  }

  @Test
  void aReaderTriesItsChatThenItsAgentThenTheGlobalView() {
    assertEquals(3, ViewCentrality.keysOf("bot1", "c1").size());
    assertEquals("", ViewCentrality.keysOf("bot1", "c1").getLast());
    assertEquals(
        ViewCentrality.keysOf("bot1", null).getFirst(), ViewCentrality.keysOf("bot1", "c1").get(1));
    assertEquals(List.of(), ViewCentrality.keysOf(null, null));
    // An agent and chat pair never reads as another: ("ab", "c") is not ("a", "bc").
    assertTrue(
        !ViewCentrality.keysOf("ab", "c")
            .getFirst()
            .equals(ViewCentrality.keysOf("a", "bc").getFirst()));
  }
}
