package dev.engram.capture.gate;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The poisoning gate: looks for what turns stored text into an attack once it is put back into an
 * LLM's context — hidden characters, instructions aimed at the model or turns of a fake
 * conversation, exfiltration through links and images, and HTML/script. The text is normalised
 * first ({@link TextForms}), links and images are found by real parsers ({@link Links}), and the
 * phrase rules are data ({@link PhraseRules}). Pure; every write path calls it.
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

  /** URLs written as plain text (a renderer may still turn them into links). */
  private static final Pattern URL = Pattern.compile("(?:https?:)?//[^\\s)\"'<>\\]]+", F);

  private static final Pattern SEND_TO =
      Pattern.compile(
          "\\b(send|post|upload|forward|exfiltrate|transmit|leak|append|encode|submit)\\b.{0,40}"
              + "\\b(conversation|chat|history|secrets?|passwords?|api keys?|keys|tokens?|credentials"
              + "|memor(y|ies)|context|messages|data|personal|user'?s?|everything|all)\\b.{0,40}"
              + "\\b(to|into|in)\\b.{0,20}https?://",
          F);

  /** In plain text only a placeholder or a credential in a URL is data on its way out. */
  private static final Pattern PLAIN_TEXT_DATA =
      Pattern.compile(
          "\\{\\{|\\$\\{|%7B%7B|\\{[A-Z_]{3,}\\}"
              + "|[?&#][a-z_]*=(sk-[A-Za-z0-9_-]{12,}|AKIA[0-9A-Z]{12,}|gh[pousr]_[A-Za-z0-9]{16,}|eyJ[A-Za-z0-9_-]{8,})"
              + "|[?&#](q|d|data|payload|secret|token|key|password|pwd|session|cookie|chat|history"
              + "|memory|conversation|exfil|content|msg|message)=[^&#\\s]*[A-Za-z0-9+/_=-]{48,}");

  /** Words of a note about formats: there a role tag alone is an example, not a fake turn. */
  private static final Pattern DISCUSSION =
      Pattern.compile(
          "\\b(templates?|\\w*chat_template|tokeni[sz]ers?|formats?|chatml|fine-?tun\\w*|datasets?|training|tokens?|examples?|fixtures?"
              + "|docs?|documentation|syntax|tags?|headers?|elements?|xml|html|snippets?|markup|schema"
              + "|parser|screenplay|script|draft|prompt format|special tokens?)\\b",
          F);

  private static final Pattern IDENTIFIER_MARK = Pattern.compile("(?<=\\p{L})[_.](?=\\p{L})");

  /**
   * Markup that acts when rendered: scripts, plugins, frames, event handlers and script URLs; a
   * form that posts elsewhere, a stylesheet or preload that fetches, a refresh or base that
   * redirects. A plain {@code <svg>}, {@code <form>} or RSS {@code <link>} in a note about markup
   * does nothing.
   */
  private static final Pattern HTML =
      Pattern.compile(
          "<\\s*/?\\s*(script|object|embed|applet|frame|frameset)\\b"
              + "|<\\s*form\\b[^>]{0,200}\\baction\\s*=\\s*[\"']?\\s*(https?:)?//"
              + "|<\\s*link\\b[^>]{0,200}\\brel\\s*=\\s*[\"']?\\s*(stylesheet|import|preload|prefetch|preconnect|dns-prefetch)"
              + "|<\\s*meta\\b[^>]{0,200}\\bhttp-equiv\\s*=\\s*[\"']?\\s*refresh"
              + "|<\\s*base\\b[^>]{0,200}\\bhref\\s*="
              + "|<\\s*style\\b[^>]{0,200}>[^<]{0,2000}(@import|url\\s*\\()"
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
    Invisibles.find(text).ifPresent(findings::add);
    TextForms.Forms forms = TextForms.of(text);
    List<Encodings.Decoded> decoded = Encodings.of(text);
    phrases(text, forms, decoded).ifPresent(findings::add);
    Set<String> visible = new LinkedHashSet<>(List.of(text, TextForms.visible(text)));
    visible.addAll(forms.glued());
    visible.stream()
        .map(InjectionScanner::exfiltration)
        .flatMap(Optional::stream)
        .findFirst()
        .ifPresent(findings::add);
    visible.stream()
        .map(HTML::matcher)
        .filter(Matcher::find)
        .findFirst()
        .ifPresent(m -> findings.add(new Finding(Kind.HTML, PhraseRules.quote(m.group()))));
    return findings.isEmpty() ? Optional.empty() : Optional.of(new Verdict(findings));
  }

  /**
   * The phrase rules; then a role tag, tool call or note to AI readers when it carries an order (or
   * stands alone in a text that does not discuss formats); then every decoded reading of the text
   * against the rules and the directives.
   */
  private static Optional<Finding> phrases(
      String text, TextForms.Forms forms, List<Encodings.Decoded> decoded) {
    Optional<Finding> hit = PhraseRules.ALWAYS.match(forms);
    if (hit.isPresent()) {
      return hit;
    }
    Optional<Finding> shape = PhraseRules.SHAPES.match(forms);
    if (shape.isPresent()) {
      String id = shape.get().evidence();
      // Inside a call, "send_message" and "preferences.set" are words too.
      String split = identifiers(text);
      boolean needsOrder =
          id.startsWith("tool-call:")
              || id.startsWith("ai-reader:")
              || DISCUSSION.matcher(text).find();
      if (!needsOrder) {
        return shape;
      }
      Optional<Finding> order =
          PhraseRules.DIRECTIVES
              .match(TextForms.of(split))
              .or(() -> PhraseRules.DIRECTIVES.match(forms));
      if (order.isPresent()) {
        return Optional.of(
            new Finding(Kind.INSTRUCTION_OVERRIDE, id + " carrying " + order.get().evidence()));
      }
    }
    return decoded(decoded, 2);
  }

  private static final Pattern TOKEN = Pattern.compile("\\S+");

  /**
   * The text with identifiers split into words ("send_email" → "send email", "memory.delete_all" →
   * "memory delete all"), except inside an address or URL, whose dots stay.
   */
  private static String identifiers(String text) {
    Matcher m = TOKEN.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (m.find()) {
      String token = m.group();
      boolean address = token.indexOf('@') >= 0 || token.contains("://");
      m.appendReplacement(
          out,
          Matcher.quoteReplacement(
              address ? token : IDENTIFIER_MARK.matcher(token).replaceAll(" ")));
    }
    return m.appendTail(out).toString();
  }

  /** A decoded reading that holds an order, looked into {@code depth} encodings deep. */
  private static Optional<Finding> decoded(List<Encodings.Decoded> readings, int depth) {
    for (Encodings.Decoded d : readings) {
      TextForms.Forms forms = TextForms.of(d.text());
      Optional<Finding> hit =
          PhraseRules.ALWAYS
              .match(forms)
              .or(() -> PhraseRules.DIRECTIVES.match(forms))
              .or(() -> exfiltration(d.text()))
              .or(() -> depth > 1 ? decoded(Encodings.of(d.text()), depth - 1) : Optional.empty());
      if (hit.isPresent()) {
        return Optional.of(
            new Finding(hit.get().kind(), d.encoding() + " decoded: " + hit.get().evidence()));
      }
    }
    return Optional.empty();
  }

  /**
   * A text with its metadata: every key and value is scanned like the text; a finding in one names
   * the key.
   */
  public Optional<Verdict> scan(String text, Map<String, String> metadata) {
    Optional<Verdict> verdict = scan(text);
    if (verdict.isEmpty() && metadata != null) {
      verdict =
          metadata.entrySet().stream().map(this::scanEntry).flatMap(Optional::stream).findFirst();
    }
    return verdict;
  }

  private Optional<Verdict> scanEntry(Map.Entry<String, String> e) {
    return scan(e.getKey())
        .or(() -> scan(e.getValue()))
        .map(
            v ->
                new Verdict(
                    v.findings().stream()
                        .map(
                            f ->
                                new Finding(
                                    f.kind(), "metadata." + e.getKey() + " " + f.evidence()))
                        .toList()));
  }

  /**
   * An image loads by itself when rendered, so an external image whose URL carries any data is a
   * channel out; a link or form is one when its values look like secrets or placeholders; a plain
   * URL when it holds a placeholder or a credential, or comes with an order to send something.
   */
  private static Optional<Finding> exfiltration(String text) {
    for (Links.Found link : Links.in(text)) {
      String url = link.url();
      if (!UrlData.external(url)) {
        continue;
      }
      if (link.type() == Links.Type.IMAGE && UrlData.carriesData(url)) {
        return Optional.of(new Finding(Kind.EXFILTRATION, "image " + PhraseRules.quote(url)));
      }
      if (UrlData.carriesSecrets(url)) {
        return Optional.of(new Finding(Kind.EXFILTRATION, "link " + PhraseRules.quote(url)));
      }
    }
    Matcher send = SEND_TO.matcher(text);
    if (send.find()) {
      return Optional.of(new Finding(Kind.EXFILTRATION, PhraseRules.quote(send.group())));
    }
    Matcher url = URL.matcher(text);
    while (url.find()) {
      if (PLAIN_TEXT_DATA.matcher(url.group()).find()) {
        return Optional.of(new Finding(Kind.EXFILTRATION, "url " + PhraseRules.quote(url.group())));
      }
    }
    return Optional.empty();
  }
}
