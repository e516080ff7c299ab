package dev.engram.recall.index;

import dev.engram.common.error.FieldViolation;
import dev.engram.contracts.index.DocKind;
import dev.engram.contracts.index.IndexDocument;
import dev.engram.contracts.index.Scope;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The rules of an indexed document that Bean Validation cannot express: the text limit from config
 * and the fields that go with a scope. Checked for every upsert of the index API and every document
 * of an import.
 */
public final class DocumentRules {

  private DocumentRules() {}

  /** Adds a violation per broken rule, field names prefixed with {@code path}. */
  public static void check(
      IndexDocument d, int maxTextBytes, String path, List<FieldViolation> violations) {
    int bytes = d.text().getBytes(StandardCharsets.UTF_8).length;
    if (bytes > maxTextBytes) {
      violations.add(
          new FieldViolation(
              path + "text",
              "max_bytes",
              "is " + bytes + " bytes; at most " + maxTextBytes + " are indexed"));
    }
    boolean needsAgent = d.scope() != Scope.GLOBAL;
    boolean needsChat = d.scope() == Scope.CHAT;
    if (needsAgent != (d.agent() != null)) {
      violations.add(
          new FieldViolation(
              path + "agent",
              "scope",
              needsAgent ? "is required for scope " + d.scope() : "must be null for scope GLOBAL"));
    }
    if (needsChat != (d.chat() != null)) {
      violations.add(
          new FieldViolation(
              path + "chat",
              "scope",
              needsChat ? "is required for scope CHAT" : "must be null for scope " + d.scope()));
    }
    if (d.kind() == DocKind.EXCHANGE && d.scope() != Scope.CHAT) {
      violations.add(
          new FieldViolation(
              path + "scope", "exchange_scope", "an exchange always has scope CHAT"));
    }
  }
}
