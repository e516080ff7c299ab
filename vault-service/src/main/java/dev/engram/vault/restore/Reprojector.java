package dev.engram.vault.restore;

import java.util.Map;

/**
 * capture-service's {@code POST /internal/v1/reproject}: resets a projection (graph, recall) of
 * every tenant and re-sends the record through capture's outbox. A restore uses it for what the
 * archive cannot restore directly: no graph export, or vectors of another embedding model.
 */
interface Reprojector {

  /**
   * Reprojects {@code target} for every tenant.
   *
   * @return capture's summary, as it answered it
   */
  Map<String, Object> reproject(String target) throws ReprojectException;

  /** capture refused or failed the reprojection; the detail names it. */
  final class ReprojectException extends Exception {
    ReprojectException(String detail) {
      super(detail, null, false, false);
    }
  }
}
