package dev.engram.graph;

import static java.util.stream.Collectors.toMap;

import dev.engram.contracts.fixtures.ErrorCodes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * GraphError's codes and statuses are the ones clients were promised (docs/contracts/error-codes).
 */
class ErrorCodesTest {

  @Test
  void theCodesAndStatusesAreTheCheckedInList() {
    ErrorCodes.assertListed(
        "graph",
        Arrays.stream(GraphError.values()).collect(toMap(GraphError::code, GraphError::status)));
  }
}
