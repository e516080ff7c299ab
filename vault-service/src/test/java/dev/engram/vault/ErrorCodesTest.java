package dev.engram.vault;

import static java.util.stream.Collectors.toMap;

import dev.engram.contracts.fixtures.ErrorCodes;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * VaultError's codes and statuses are the ones clients were promised (docs/contracts/error-codes).
 */
class ErrorCodesTest {

  @Test
  void theCodesAndStatusesAreTheCheckedInList() {
    ErrorCodes.assertListed(
        "vault",
        Arrays.stream(VaultError.values()).collect(toMap(VaultError::code, VaultError::status)));
  }
}
