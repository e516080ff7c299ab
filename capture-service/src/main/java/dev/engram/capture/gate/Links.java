package dev.engram.capture.gate;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Image;
import org.commonmark.node.Link;
import org.commonmark.parser.Parser;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Every link and image a renderer would follow in a text, found by real parsers rather than
 * patterns: CommonMark for Markdown (inline, reference-style {@code ![x][r]} with {@code [r]: url},
 * autolinks) and jsoup for HTML ({@code <a href>}, {@code <img src|srcset>}, {@code <source
 * srcset>}, {@code <form action>}, CSS {@code url()} in style attributes and elements).
 */
final class Links {

  /** Images (and CSS backgrounds) load by themselves; links and forms need a click. */
  enum Type {
    IMAGE,
    LINK
  }

  record Found(Type type, String url) {}

  private static final Parser MARKDOWN = Parser.builder().build();
  private static final Pattern CSS_URL =
      Pattern.compile("url\\(\\s*['\"]?([^'\")\\s]+)", Pattern.CASE_INSENSITIVE);

  private Links() {}

  static List<Found> in(String text) {
    List<Found> found = new ArrayList<>();
    markdown(text, found);
    if (text.indexOf('<') >= 0) {
      html(text, found);
    }
    return found;
  }

  private static void markdown(String text, List<Found> found) {
    MARKDOWN
        .parse(text)
        .accept(
            new AbstractVisitor() {
              @Override
              public void visit(Image image) {
                found.add(new Found(Type.IMAGE, image.getDestination()));
                visitChildren(image);
              }

              @Override
              public void visit(Link link) {
                found.add(new Found(Type.LINK, link.getDestination()));
                visitChildren(link);
              }
            });
  }

  private static void html(String text, List<Found> found) {
    Document doc = Jsoup.parseBodyFragment(text);
    for (Element e : doc.select("[href]")) {
      found.add(new Found(Type.LINK, e.attr("href")));
    }
    for (Element e : doc.select("form[action], [formaction]")) {
      found.add(
          new Found(Type.LINK, e.hasAttr("action") ? e.attr("action") : e.attr("formaction")));
    }
    for (Element e : doc.select("img[src], image[href], input[src], video[poster], [background]")) {
      String url = e.hasAttr("src") ? e.attr("src") : e.attr("href");
      found.add(
          new Found(Type.IMAGE, url.isEmpty() ? e.attr("poster") + e.attr("background") : url));
    }
    for (Element e : doc.select("[srcset]")) {
      for (String candidate : e.attr("srcset").split(",")) {
        String url = candidate.strip().split("\\s+")[0];
        if (!url.isEmpty()) {
          found.add(new Found(Type.IMAGE, url));
        }
      }
    }
    StringBuilder css = new StringBuilder();
    doc.select("[style]").forEach(e -> css.append(e.attr("style")).append('\n'));
    doc.select("style").forEach(e -> css.append(e.data()).append('\n'));
    Matcher m = CSS_URL.matcher(css);
    while (m.find()) {
      found.add(new Found(Type.IMAGE, m.group(1)));
    }
  }
}
