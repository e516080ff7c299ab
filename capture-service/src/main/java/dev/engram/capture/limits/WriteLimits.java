package dev.engram.capture.limits;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.common.error.EngramException;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The configurable size limits on writes ({@code capture.limits.*}); each breach is a 400 naming
 * the field and the limit.
 */
@ApplicationScoped
public class WriteLimits {

  private final CaptureConfig.Limits limits;

  WriteLimits(CaptureConfig config) {
    this.limits = config.limits();
  }

  public void exchangeText(String field, String text) {
    maxChars(field, text, limits.maxExchangeChars());
  }

  public void memoryText(String field, String text) {
    maxChars(field, text, limits.maxMemoryChars());
  }

  public void metadata(String field, Map<String, String> metadata) {
    if (metadata == null) {
      return;
    }
    if (metadata.size() > limits.maxMetadataEntries()) {
      throw EngramException.invalid(
          field, "max_entries", "at most " + limits.maxMetadataEntries() + " entries");
    }
    for (Map.Entry<String, String> entry : metadata.entrySet()) {
      String key = entry.getKey();
      if (key.isBlank() || key.length() > 64) {
        throw EngramException.invalid(field, "key_length", "keys must be 1-64 characters");
      }
      if (entry.getValue() == null) {
        throw EngramException.invalid(field + "." + key, "NotNull", "must not be null");
      }
      maxChars(field + "." + key, entry.getValue(), limits.maxMetadataValueChars());
    }
  }

  /** A provenance's exchange ids ({@code field} names the provenance; null passes). */
  public void provenance(String field, List<Long> exchangeIds) {
    if (exchangeIds == null) {
      return;
    }
    if (exchangeIds.size() > limits.maxProvenanceIds()) {
      throw EngramException.invalid(
          field + ".exchange_ids", "max_items", "at most " + limits.maxProvenanceIds() + " ids");
    }
    if (exchangeIds.stream().anyMatch(id -> id == null || id <= 0)) {
      throw EngramException.invalid(
          field + ".exchange_ids", "positive", "ids must be positive integers");
    }
  }

  public void future(String field, Instant instant, Instant now) {
    if (instant != null && !instant.isAfter(now)) {
      throw EngramException.invalid(field, "Future", "must be in the future");
    }
  }

  private static void maxChars(String field, String text, int max) {
    if (text != null && text.length() > max) {
      throw EngramException.invalid(
          field,
          "max_length",
          "must be at most " + max + " characters (got " + text.length() + ")");
    }
  }
}
