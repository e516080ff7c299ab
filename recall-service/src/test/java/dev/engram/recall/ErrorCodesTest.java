package dev.engram.recall;

import static java.util.stream.Collectors.toMap;

import dev.engram.contracts.fixtures.ErrorCodes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * RecallError's codes and statuses are the ones clients were promised (docs/contracts/error-codes).
 */
class ErrorCodesTest {

  @Test
  void theCodesAndStatusesAreTheCheckedInList() {
    ErrorCodes.assertListed(
        "recall",
        Arrays.stream(RecallError.values()).collect(toMap(RecallError::code, RecallError::status)));
  }
}
