package dev.engram.capture;

import static java.util.stream.Collectors.toMap;

import dev.engram.contracts.fixtures.ErrorCodes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * CaptureError's codes and statuses are the ones clients were promised
 * (docs/contracts/error-codes).
 */
class ErrorCodesTest {

  @Test
  void theCodesAndStatusesAreTheCheckedInList() {
    ErrorCodes.assertListed(
        "capture",
        Arrays.stream(CaptureError.values())
            .collect(toMap(CaptureError::code, CaptureError::status)));
  }
}
