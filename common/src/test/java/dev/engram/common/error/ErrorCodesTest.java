package dev.engram.common.error;

import static java.util.stream.Collectors.toMap;

import dev.engram.contracts.fixtures.ErrorCodes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * CommonError's codes and statuses are the ones clients were promised (docs/contracts/error-codes).
 */
class ErrorCodesTest {

  @Test
  void theCodesAndStatusesAreTheCheckedInList() {
    ErrorCodes.assertListed(
        "common",
        Arrays.stream(CommonError.values()).collect(toMap(CommonError::code, CommonError::status)));
  }
}
