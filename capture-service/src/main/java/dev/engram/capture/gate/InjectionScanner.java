package dev.engram.capture.gate;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The poisoning gate: looks for what turns stored text into an attack once it is put back into an
 * LLM's context — hidden characters, instructions aimed at the model, exfiltration through links
 * and images, and HTML/script. Pure and fast (regexes over one text); every write path calls it.
 */
@ApplicationScoped
public class InjectionScanner {

  /** What kind of attack a finding points to (the metric tag and the reason's prefix). */
  public enum Kind {
    INVISIBLE_UNICODE,
    INSTRUCTION_OVERRIDE,
    EXFILTRATION,
    HTML
  }

  /** One reason to quarantine. */
  public record Finding(Kind kind, String evidence) {
    @Override
    public String toString() {
      return kind.name().toLowerCase(Locale.ROOT) + ": " + evidence;
    }
  }

  /** The scanner's verdict on a text that must be quarantined. */
  public record Verdict(List<Finding> findings) {

    /** The reason stored with the quarantined row. */
    public String reason() {
      String joined = String.join("; ", findings.stream().map(Finding::toString).toList());
      return joined.length() > 500 ? joined.substring(0, 500) : joined;
    }
  }

  private static final int F = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

  private static final List<Pattern> OVERRIDES =
      List.of(
          Pattern.compile(
              "\\b(ignore|disregard|forget|override|bypass|skip)\\s+(all\\s+|any\\s+|the\\s+|your\\s+|of\\s+)*"
                  + "(previous|prior|above|earlier|preceding|system|original|existing|safety)?\\s*"
                  + "(instructions?|prompts?|rules|directives|guidelines|guardrails|messages|context)\\b",
              F),
          Pattern.compile(
              "\\b(you\\s+are\\s+now|from\\s+now\\s+on,?\\s+you\\s+(are|will|must))\\b.{0,40}"
                  + "\\b(dan|jailbroken|unrestricted|unfiltered|developer\\s+mode|no\\s+(rules|limits|restrictions))\\b",
              F),
          Pattern.compile("\\b(new|updated|real|actual)\\s+(system\\s+)?instructions?\\s*:", F),
          Pattern.compile(
              "\\b(reveal|print|show|repeat|output|leak)\\s+(me\\s+)?(your|the)\\s+(system\\s+prompt|hidden\\s+instructions|initial\\s+prompt)",
              F),
          Pattern.compile("\\bdo\\s+anything\\s+now\\b", F),
          Pattern.compile(
              "<\\|(im_start|im_end|system|endoftext)\\|>|\\[/?INST\\]|<<\\s*SYS\\s*>>", F),
          Pattern.compile("(^|\\n)\\s*#{2,}\\s*(system|instruction)s?\\s*:?", F),
          Pattern.compile("(忽略|无视|忘记)(之前|以上|先前|所有)的?(所有)?(指令|指示|规则|提示)"),
          Pattern.compile(
              "\\b(ignoriere|vergiss)\\s+(alle\\s+)?(vorherigen|bisherigen)\\s+(anweisungen|regeln)\\b",
              F),
          Pattern.compile(
              "\\bignor(e[sz]?|a)\\s+(toutes\\s+|todas\\s+)?(les|las)\\s+(instructions|instrucciones)\\s+(pr[ée]c[ée]dentes|anteriores)",
              F));

  private static final Pattern MARKDOWN_IMAGE =
      Pattern.compile("!\\[[^\\]]{0,200}\\]\\(\\s*<?(https?:)?//[^)\\s]+", F);
  private static final Pattern MARKDOWN_LINK =
      Pattern.compile("\\[[^\\]]{0,200}\\]\\(\\s*<?(https?://[^)\\s]+)", F);
  private static final Pattern URL = Pattern.compile("https?://[^\\s)\"'<>]+", F);
  private static final Pattern DATA_PARAM =
      Pattern.compile(
          "[?&#](q|d|data|payload|secret|token|key|password|pwd|session|cookie|chat|history|memory|conversation|exfil|content|msg|message)=",
          F);
  private static final Pattern TEMPLATE = Pattern.compile("\\{\\{|\\$\\{|%7B%7B|\\{[A-Z_]{3,}\\}");
  private static final Pattern SEND_TO =
      Pattern.compile(
          "\\b(send|post|upload|forward|exfiltrate|transmit|leak)\\b.{0,60}\\b(to|into)\\b.{0,20}https?://",
          F);
  private static final Pattern LONG_ENCODED = Pattern.compile("[A-Za-z0-9+/_=-]{48,}");

  private static final Pattern HTML =
      Pattern.compile(
          "<\\s*/?\\s*(script|iframe|object|embed|applet|form|img|svg|link|meta|style|base|frame|frameset|math|video|audio|source)\\b"
              + "|\\bon(error|load|click|mouseover|focus|blur|submit|change|input|keydown|keyup|begin|end|toggle)\\s*="
              + "|\\b(javascript|vbscript|livescript)\\s*:"
              + "|data\\s*:\\s*text/html",
          F);

  /** Scans a text; empty when it is clean. */
  public Optional<Verdict> scan(String text) {
    if (text == null || text.isEmpty()) {
      return Optional.empty();
    }
    List<Finding> findings = new ArrayList<>();
    invisible(text).ifPresent(findings::add);
    for (Pattern p : OVERRIDES) {
      Matcher m = p.matcher(text);
      if (m.find()) {
        findings.add(new Finding(Kind.INSTRUCTION_OVERRIDE, quote(m.group())));
        break;
      }
    }
    exfiltration(text).ifPresent(findings::add);
    Matcher html = HTML.matcher(text);
    if (html.find()) {
      findings.add(new Finding(Kind.HTML, quote(html.group())));
    }
    return findings.isEmpty() ? Optional.empty() : Optional.of(new Verdict(findings));
  }

  /**
   * Zero-width, bidi control and Unicode tag characters: they hide text from a human reviewer while
   * the model still reads it. Joiners inside emoji sequences and scripts that need them are fine.
   */
  private static Optional<Finding> invisible(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String what = null;
      if (cp >= 0xE0000 && cp <= 0xE007F) {
        what = "tag character";
      } else if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
        what = "bidi control";
      } else if (cp == 0x200B
          || (cp >= 0x2060 && cp <= 0x2064)
          || cp == 0x180E
          || cp == 0x3164
          || cp == 0x115F
          || cp == 0x1160
          || cp == 0xFFA0
          || (cp == 0xFEFF && i > 0)) {
        what = "invisible character";
      } else if ((cp == 0x200C || cp == 0x200D) && !joinerInContext(text, i)) {
        what = "invisible character";
      }
      if (what != null) {
        return Optional.of(
            new Finding(
                Kind.INVISIBLE_UNICODE,
                what + " U+" + Integer.toHexString(cp).toUpperCase(Locale.ROOT) + " at " + i));
      }
      i += Character.charCount(cp);
    }
    return Optional.empty();
  }

  /** ZWJ/ZWNJ between two letters (Indic, Persian) or symbols (emoji sequences) is legitimate. */
  private static boolean joinerInContext(String text, int i) {
    if (i == 0 || i + 1 >= text.length()) {
      return false;
    }
    int before = text.codePointBefore(i);
    int after = text.codePointAt(i + 1);
    return (Character.isLetter(before) || isSymbol(before))
        && (Character.isLetter(after) || isSymbol(after) || after == 0xFE0F);
  }

  private static boolean isSymbol(int cp) {
    int type = Character.getType(cp);
    return type == Character.OTHER_SYMBOL
        || type == Character.NON_SPACING_MARK
        || cp == 0xFE0F
        || (cp >= 0x1F3FB && cp <= 0x1F3FF);
  }

  /**
   * Markdown images load by themselves when rendered, so any image from a remote host is a channel
   * out; links and URLs are one when they carry data (query parameters named for it, template
   * placeholders, long encoded blobs) or come with an instruction to send something there.
   */
  private static Optional<Finding> exfiltration(String text) {
    Matcher image = MARKDOWN_IMAGE.matcher(text);
    if (image.find()) {
      return Optional.of(new Finding(Kind.EXFILTRATION, "markdown image " + quote(image.group())));
    }
    Matcher send = SEND_TO.matcher(text);
    if (send.find()) {
      return Optional.of(new Finding(Kind.EXFILTRATION, quote(send.group())));
    }
    Matcher link = MARKDOWN_LINK.matcher(text);
    while (link.find()) {
      if (carriesData(link.group(1))) {
        return Optional.of(new Finding(Kind.EXFILTRATION, "markdown link " + quote(link.group(1))));
      }
    }
    Matcher url = URL.matcher(text);
    while (url.find()) {
      String u = url.group();
      if (TEMPLATE.matcher(u).find()
          || (DATA_PARAM.matcher(u).find() && LONG_ENCODED.matcher(u).find())) {
        return Optional.of(new Finding(Kind.EXFILTRATION, "url " + quote(u)));
      }
    }
    return Optional.empty();
  }

  private static boolean carriesData(String url) {
    return DATA_PARAM.matcher(url).find()
        || TEMPLATE.matcher(url).find()
        || LONG_ENCODED.matcher(url).find();
  }

  private static String quote(String evidence) {
    String flat = evidence.replaceAll("\\s+", " ").strip();
    return "'" + (flat.length() > 80 ? flat.substring(0, 80) + "…" : flat) + "'";
  }
}
