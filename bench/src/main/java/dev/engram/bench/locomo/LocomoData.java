package dev.engram.bench.locomo;

import com.fasterxml.jackson.databind.JsonNode;
import dev.engram.bench.EngramApi;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A LoCoMo-format file (a JSON list of conversations with sessions of turns and questions with
 * evidence turn ids). Read at run time only: the data's licence keeps it out of the repository.
 */
public final class LocomoData {

  private static final Pattern SESSION_KEY = Pattern.compile("session_(\\d+)");

  private LocomoData() {}

  /** One conversation: its sessions in order and its questions in file order. */
  public record Conversation(
      String sampleId,
      String speakerA,
      String speakerB,
      List<Session> sessions,
      List<Question> questions) {

    /** Every turn id of the conversation. */
    public Set<String> turnIds() {
      Set<String> ids = new LinkedHashSet<>();
      sessions.forEach(s -> s.turns().forEach(t -> ids.add(t.diaId())));
      return ids;
    }

    public int turnCount() {
      return sessions.stream().mapToInt(s -> s.turns().size()).sum();
    }
  }

  /** {@code session_N} with its {@code session_N_date_time} (null when the file has none). */
  public record Session(int number, String dateTime, List<Turn> turns) {}

  /** One turn; {@code caption} is the shared image's {@code blip_caption}, or null. */
  public record Turn(String diaId, String speaker, String text, String caption) {}

  /** {@code index} is the position in the conversation's {@code qa} list. */
  public record Question(int index, String question, int category, List<String> evidence) {}

  public static List<Conversation> read(Path file) throws IOException {
    JsonNode root = EngramApi.JSON.readTree(file.toFile());
    if (!root.isArray()) {
      throw new IOException(file + ": expected a JSON list of conversations");
    }
    List<Conversation> conversations = new ArrayList<>();
    for (JsonNode c : root) {
      conversations.add(conversation(c));
    }
    return conversations;
  }

  static Conversation conversation(JsonNode c) throws IOException {
    String sampleId = c.path("sample_id").asText(null);
    JsonNode conv = c.path("conversation");
    if (sampleId == null || !conv.isObject()) {
      throw new IOException("a conversation without sample_id or conversation: " + abbreviate(c));
    }
    List<Session> sessions = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = conv.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      Matcher m = SESSION_KEY.matcher(field.getKey());
      if (m.matches() && field.getValue().isArray()) {
        int n = Integer.parseInt(m.group(1));
        List<Turn> turns = new ArrayList<>();
        for (JsonNode t : field.getValue()) {
          turns.add(
              new Turn(
                  t.path("dia_id").asText(),
                  t.path("speaker").asText(""),
                  t.path("text").asText(""),
                  t.hasNonNull("blip_caption") ? t.get("blip_caption").asText() : null));
        }
        JsonNode date = conv.get(field.getKey() + "_date_time");
        sessions.add(new Session(n, date == null || date.isNull() ? null : date.asText(), turns));
      }
    }
    sessions.sort(Comparator.comparingInt(Session::number));
    List<Question> questions = new ArrayList<>();
    int index = 0;
    for (JsonNode q : c.path("qa")) {
      List<String> evidence = new ArrayList<>();
      q.path("evidence").forEach(e -> evidence.add(e.asText()));
      questions.add(
          new Question(
              index++, q.path("question").asText(""), q.path("category").asInt(0), evidence));
    }
    return new Conversation(
        sampleId,
        conv.path("speaker_a").asText(null),
        conv.path("speaker_b").asText(null),
        List.copyOf(sessions),
        List.copyOf(questions));
  }

  /**
   * The conversations named in {@code sampleIds} (comma-separated), in file order; all of them when
   * null. A name the file does not hold is an error, so a typo does not score an empty half.
   */
  public static List<Conversation> select(List<Conversation> all, String sampleIds) {
    if (sampleIds == null || sampleIds.isBlank()) {
      return all;
    }
    Set<String> wanted = new LinkedHashSet<>();
    for (String id : sampleIds.split(",")) {
      if (!id.isBlank()) {
        wanted.add(id.strip());
      }
    }
    Set<String> present = new LinkedHashSet<>();
    all.forEach(c -> present.add(c.sampleId()));
    for (String id : wanted) {
      if (!present.contains(id)) {
        throw new IllegalArgumentException(
            "--conversations: no conversation " + id + " in the file (it has " + present + ")");
      }
    }
    return all.stream().filter(c -> wanted.contains(c.sampleId())).toList();
  }

  private static String abbreviate(JsonNode node) {
    String text = node.toString();
    return text.length() > 80 ? text.substring(0, 80) + "…" : text;
  }
}
