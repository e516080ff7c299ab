package dev.engram.graph.operations;

import dev.engram.common.error.CommonError;
import dev.engram.common.error.EngramException;
import dev.engram.common.error.FieldViolation;
import dev.engram.graph.operations.GraphOperationsRequest.FactDoc;
import dev.engram.graph.operations.GraphOperationsRequest.MemoryDoc;
import dev.engram.graph.operations.GraphOperationsRequest.Operation;
import dev.engram.graph.operations.GraphOperationsRequest.RelationDoc;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertFact;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertMemory;
import dev.engram.graph.operations.GraphOperationsRequest.UpsertRelation;
import dev.engram.graph.scope.ScopeRules;
import dev.engram.graph.text.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Rules Bean Validation cannot express: limits from config and fields that go together. */
final class OperationChecks {

  private OperationChecks() {}

  static void check(List<Operation> operations, int max, int maxReported) {
    if (operations.size() > max) {
      throw EngramException.invalid(
          "operations", "max_items", "at most " + max + " operations per batch; send smaller ones");
    }
    List<FieldViolation> violations = new ArrayList<>();
    for (int i = 0; i < operations.size(); i++) {
      String path = "operations[" + i + "].";
      switch (operations.get(i)) {
        case UpsertMemory u -> checkMemory(u.memory(), path + "memory.", violations);
        case UpsertFact u -> checkFact(u.fact(), path + "fact.", violations);
        case UpsertRelation u -> checkRelation(u.relation(), path + "relation.", violations);
        default -> {}
      }
    }
    if (!violations.isEmpty()) {
      List<FieldViolation> shown = violations.subList(0, Math.min(violations.size(), maxReported));
      String detail =
          String.join("; ", shown.stream().map(v -> v.field() + ": " + v.message()).toList());
      throw new EngramException(CommonError.VALIDATION_FAILED, detail, shown, Map.of());
    }
  }

  private static void checkMemory(MemoryDoc m, String path, List<FieldViolation> violations) {
    ScopeRules.check(m.scope(), m.agent(), m.chat(), path, violations);
  }

  private static void checkFact(FactDoc f, String path, List<FieldViolation> violations) {
    ScopeRules.check(f.scope(), f.agent(), f.chat(), path, violations);
    for (String[] end : new String[][] {{"subject", f.subject()}, {"object", f.object()}}) {
      if (Names.normalize(end[1]).isEmpty()) {
        violations.add(
            new FieldViolation(
                path + end[0], "name", "must contain a letter or digit to name an entity"));
      }
    }
    if (f.validFrom() != null && f.validTo() != null && f.validTo().isBefore(f.validFrom())) {
      violations.add(
          new FieldViolation(path + "valid_to", "order", "must not be before valid_from"));
    }
  }

  private static void checkRelation(RelationDoc r, String path, List<FieldViolation> out) {
    if (r.fromMemory().equals(r.toMemory())) {
      out.add(new FieldViolation(path + "to_memory", "distinct", "must differ from from_memory"));
    }
  }
}
