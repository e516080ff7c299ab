package dev.engram.bench.load;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.bench.EngramApi;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic conversation turns for {@code bench load --exchanges}: in each of the generator's chats
 * of one agent, one person and the agent take turns (user, assistant, user, ...), in the words of
 * the synthetic memories. Turn {@code k} of a chat is the same text for a seed whatever the total,
 * so a set grows by appending to every chat. The turns go out as a gateway posts them: mostly the
 * user's message with the reply (2 turns), sometimes each on its own (1), sometimes two rounds at
 * once (4).
 */
final class SyntheticTurns {

  /** One turn; {@code role} as the exchange API spells it. */
  record Turn(String role, String speaker, String text) {}

  /** Share of rounds posted one turn at a time, and of rounds posted with the next round. */
  static final double SINGLES = 0.15;

  static final double DOUBLES = 0.10;

  /** Start a user turn (each ends a sentence, so what follows keeps its capital). */
  private static final List<String> OPENERS =
      List.of("", "", "", "Hey! ", "Morning. ", "Thanks. ", "Quick question. ", "OK. ", "Hi. ");

  /**
   * End a user turn's question. Each names someone or something with a time, so that a question
   * asked again (the same few words about one project) is not the same message: capture would store
   * a repeat within its dedup window once.
   */
  private static final List<String> ASIDES =
      List.of(
          " {person} asked me at {8-17}:{10-59}.",
          " I need it for the {project} review on {weekday} at {9-16}:{10-59}.",
          " It came up when {person} and I talked about {project}.",
          " {person} wants to know before {weekday} {9-17}:{10-59}.",
          " Asking because {person} is in {city} in {month}.",
          " No rush; {person} only needs it by {weekday} {9-17}:{10-59}.",
          " The {team} team asked in the {8-17}:{10-59} sync with {person}.");

  /** Start an answer. */
  private static final List<String> LEADS =
      List.of(
          "",
          "Sure. ",
          "Let me check. ",
          "Here is what I have. ",
          "Good question. ",
          "Done. ",
          "From the notes: ");

  /** End an answer. */
  private static final List<String> CLOSINGS =
      List.of(
          "",
          "",
          "",
          " Anything else?",
          " Want me to put it on the calendar for {weekday}?",
          " I can ask {person} to confirm.",
          " Shall I add it to the {project} notes?",
          " Let me know if {person} needs more detail.");

  private final SentenceGenerator generator;
  private final String agent;

  SyntheticTurns(SentenceGenerator generator, String agent) {
    this.generator = generator;
    this.agent = agent;
  }

  int chats() {
    return generator.chats();
  }

  /**
   * The turns of {@code chat} when {@code n} are spread over the chats (turn i goes to i % chats).
   */
  long turnsIn(int chat, long n) {
    return n / chats() + (chat < n % chats() ? 1 : 0);
  }

  /**
   * The end (exclusive, at most {@code limit}) of the request that starts at turn {@code k} of
   * {@code chat}. A round (a user turn and the answer) starts at an even turn and is posted whole,
   * on its own, each turn alone, or with the next round; an odd turn starts a request only as the
   * answer posted alone.
   */
  long batchEnd(int chat, long k, long limit) {
    long size = 1;
    if (k % 2 == 0) {
      double r = generator.turnRandom(chat, ~k).nextDouble();
      size = r < SINGLES ? 1 : r < SINGLES + DOUBLES ? 4 : 2;
    }
    return Math.min(limit, k + size);
  }

  /** Turn {@code k} of {@code chat}: the person's (even) or the agent's (odd). */
  Turn turn(int chat, long k) {
    SplittableRandom r = generator.turnRandom(chat, k);
    return k % 2 == 0
        ? new Turn("user", person(chat), userText(r))
        : new Turn("assistant", agent, answer(r));
  }

  /** The person the agent talks to in {@code chat}: the same name in every turn and run. */
  String person(int chat) {
    return SentenceGenerator.fill("{person}", generator.turnRandom(chat, Long.MIN_VALUE));
  }

  /** {@code POST /v1/exchanges} of turns {@code [from, to)} of {@code chat}. */
  ObjectNode body(int chat, long from, long to) {
    ObjectNode body = EngramApi.JSON.createObjectNode();
    ArrayNode items = body.putArray("exchanges");
    for (long k = from; k < to; k++) {
      Turn t = turn(chat, k);
      ObjectNode item = items.addObject();
      item.put("agent", agent);
      item.put("chat", SentenceGenerator.chat(chat));
      item.put("speaker", t.speaker());
      item.put("role", t.role());
      item.put("text", t.text());
      item.putObject("metadata").put("n", Long.toString(k));
    }
    return body;
  }

  /**
   * A message to the agent, mostly 30–250 characters: a question, something the person tells it, or
   * both.
   */
  private static String userText(SplittableRandom r) {
    String opener = pick(OPENERS, r);
    return switch (r.nextInt(10)) {
      case 0, 1, 2, 3, 4 -> opener + SentenceGenerator.question(r) + fill(ASIDES, r);
      case 5, 6, 7 -> opener + SentenceGenerator.statement(r);
      default -> opener + SentenceGenerator.statement(r) + " " + SentenceGenerator.question(r);
    };
  }

  /** The agent's answer: one to five of the memories' sentences, 60–900 characters. */
  private static String answer(SplittableRandom r) {
    StringBuilder text = new StringBuilder(pick(LEADS, r));
    int sentences = 1 + r.nextInt(5);
    for (int i = 0; i < sentences; i++) {
      text.append(i == 0 ? "" : " ").append(SentenceGenerator.statement(r));
    }
    return text.append(fill(CLOSINGS, r)).toString();
  }

  private static String fill(List<String> templates, SplittableRandom r) {
    return SentenceGenerator.fill(pick(templates, r), r);
  }

  private static String pick(List<String> values, SplittableRandom r) {
    return values.get(r.nextInt(values.size()));
  }
}
