package dev.engram.capture.prior;

import com.knuddels.jtokkit.api.Encoding;
import dev.engram.capture.extract.Nlp;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts a Markdown document into memory-sized chunks: by heading first (each chunk carries its
 * heading path, so it still says what it is about), then by paragraph, packed up to a token budget;
 * a paragraph over the budget is split by sentence, and a sentence over it by tokens.
 */
final class PriorChunker {

  private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.+?)\\s*#*\\s*$");

  /** One chunk: the heading path it sits under and its text (heading path included). */
  record Chunk(String section, String text) {}

  private final Encoding encoding;
  private final Nlp nlp;
  private final int budget;

  PriorChunker(Encoding encoding, Nlp nlp, int budget) {
    this.encoding = encoding;
    this.nlp = nlp;
    this.budget = budget;
  }

  List<Chunk> chunk(String markdown) {
    List<Chunk> chunks = new ArrayList<>();
    List<String> path = new ArrayList<>();
    List<String> paragraphs = new ArrayList<>();
    StringBuilder paragraph = new StringBuilder();
    boolean fence = false;
    for (String line : markdown.replace("\r\n", "\n").split("\n", -1)) {
      if (line.strip().startsWith("```")) {
        fence = !fence;
      }
      Matcher heading = fence ? null : HEADING.matcher(line);
      if (heading != null && heading.matches()) {
        flushParagraph(paragraph, paragraphs);
        pack(String.join(" › ", path), paragraphs, chunks);
        paragraphs.clear();
        int level = heading.group(1).length();
        while (path.size() >= level) {
          path.removeLast();
        }
        while (path.size() < level - 1) {
          path.add("");
        }
        path.add(heading.group(2).strip());
        path.removeIf(String::isEmpty);
      } else if (line.isBlank() && !fence) {
        flushParagraph(paragraph, paragraphs);
      } else {
        paragraph.append(line).append('\n');
      }
    }
    flushParagraph(paragraph, paragraphs);
    pack(String.join(" › ", path), paragraphs, chunks);
    return chunks;
  }

  private static void flushParagraph(StringBuilder paragraph, List<String> paragraphs) {
    String p = paragraph.toString().strip();
    if (!p.isEmpty()) {
      paragraphs.add(p);
    }
    paragraph.setLength(0);
  }

  /** Packs a section's paragraphs into chunks of at most {@code budget} tokens. */
  private void pack(String section, List<String> paragraphs, List<Chunk> into) {
    if (paragraphs.isEmpty()) {
      return;
    }
    String prefix = section.isEmpty() ? "" : section + "\n\n";
    int room = Math.max(16, budget - tokens(prefix));
    StringBuilder current = new StringBuilder();
    for (String p : pieces(paragraphs, room)) {
      String candidate = current.isEmpty() ? p : current + "\n\n" + p;
      if (!current.isEmpty() && tokens(candidate) > room) {
        into.add(new Chunk(section, prefix + current));
        current.setLength(0);
        current.append(p);
      } else {
        current.setLength(0);
        current.append(candidate);
      }
    }
    if (!current.isEmpty()) {
      into.add(new Chunk(section, prefix + current));
    }
  }

  /** Paragraphs, with any over the room split by sentence, and sentences over it by tokens. */
  private List<String> pieces(List<String> paragraphs, int room) {
    List<String> result = new ArrayList<>();
    for (String p : paragraphs) {
      if (tokens(p) <= room) {
        result.add(p);
        continue;
      }
      StringBuilder current = new StringBuilder();
      for (String sentence : nlp.split(p)) {
        for (String piece : byTokens(sentence, room)) {
          String candidate = current.isEmpty() ? piece : current + " " + piece;
          if (!current.isEmpty() && tokens(candidate) > room) {
            result.add(current.toString());
            current.setLength(0);
            current.append(piece);
          } else {
            current.setLength(0);
            current.append(candidate);
          }
        }
      }
      if (!current.isEmpty()) {
        result.add(current.toString());
      }
    }
    return result;
  }

  private List<String> byTokens(String sentence, int room) {
    if (tokens(sentence) <= room) {
      return List.of(sentence);
    }
    List<String> parts = new ArrayList<>();
    var tokens = encoding.encodeOrdinary(sentence);
    for (int i = 0; i < tokens.size(); i += room) {
      var slice = new com.knuddels.jtokkit.api.IntArrayList();
      for (int k = i; k < Math.min(tokens.size(), i + room); k++) {
        slice.add(tokens.get(k));
      }
      parts.add(encoding.decode(slice));
    }
    return parts;
  }

  private int tokens(String text) {
    return encoding.countTokensOrdinary(text);
  }
}
