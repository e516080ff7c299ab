package dev.engram.recall.client;

import dev.engram.common.correlation.CorrelationId;
import jakarta.ws.rs.HeaderParam;

/**
 * The headers every call to capture- or graph-service's public API carries for its caller: their
 * own key and the correlation id (null: none). The REST clients take it as one {@code @BeanParam};
 * {@code PrepaidCallHeaders} adds the prepaid mark to each call.
 */
public final class CallerHeaders {

  @HeaderParam("Authorization")
  public final String authorization;

  @HeaderParam(CorrelationId.HEADER)
  public final String correlation;

  CallerHeaders(String authorization, String correlation) {
    this.authorization = authorization;
    this.correlation = correlation;
  }
}
