package dev.engram.capture.paging;

import dev.engram.capture.config.CaptureConfig;
import dev.engram.common.error.EngramException;
import jakarta.enterprise.context.ApplicationScoped;

/** The size of a listing's page: the requested one, within {@code capture.limits.max-page-size}. */
@ApplicationScoped
public class PageSize {

  private final int max;

  PageSize(CaptureConfig config) {
    this.max = config.limits().maxPageSize();
  }

  /** The requested size, or {@code fallback} when none was given; outside 1..max is a 400. */
  public int of(Integer requested, int fallback) {
    int size = requested == null ? fallback : requested;
    if (size < 1 || size > max) {
      throw EngramException.invalid("limit", "range", "must be between 1 and " + max);
    }
    return size;
  }
}
