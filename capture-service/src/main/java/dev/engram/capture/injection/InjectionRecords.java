package dev.engram.capture.injection;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.capture.CaptureError;
import dev.engram.capture.paging.Cursors;
import dev.engram.common.error.EngramException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * Injection records (issue 29): stores the batches recall-service reports, answers a tenant's
 * listings and detail, deletes a record or a chat's records, and enforces retention and the
 * per-tenant limit.
 */
@ApplicationScoped
class InjectionRecords {

  /** What a prune pass deleted. */
  record Pruned(int expired, int overLimit) {}

  private final InjectionQueries queries;
  private final InjectionConfig config;
  private final ObjectMapper json;
  private final RecordCap cap;

  InjectionRecords(InjectionQueries queries, InjectionConfig config, ObjectMapper json) {
    this.queries = queries;
    this.config = config;
    this.json = json;
    this.cap = new RecordCap(json, config.maxRecordBytes());
  }

  Uni<Integer> store(List<InjectionBatch.Item> items) {
    if (items.isEmpty()) {
      return Uni.createFrom().item(0);
    }
    List<InjectionQueries.Insert> rows =
        items.stream()
            .map(
                i ->
                    new InjectionQueries.Insert(
                        i, cap.body(i), RecordCap.cut(i.query(), RecordCap.QUERY_CHARS)))
            .toList();
    return queries.insert(rows);
  }

  Uni<InjectionViews.Page> list(
      String tenant, String agent, String chat, String cursor, int limit) {
    return queries
        .page(tenant, agent, chat, Cursors.before(cursor), limit)
        .map(
            page ->
                new InjectionViews.Page(
                    page, Cursors.next(page, limit, InjectionViews.Summary::id)));
  }

  Uni<ObjectNode> get(String tenant, long id) {
    return queries
        .one(tenant, id)
        .map(
            opened -> {
              if (opened == null) {
                throw notFound(id);
              }
              ObjectNode detail = json.valueToTree(opened.summary());
              JsonNode body = read(opened.body());
              for (String list : InjectionViews.DETAIL_LISTS) {
                detail.set(
                    list, body.path(list).isArray() ? body.get(list) : json.createArrayNode());
              }
              return detail;
            });
  }

  Uni<Void> delete(String tenant, long id) {
    return queries
        .delete(tenant, id)
        .map(
            deleted -> {
              if (deleted == 0) {
                throw notFound(id);
              }
              return null;
            });
  }

  Uni<Integer> deleteChat(String tenant, String agent, String chat) {
    return queries.deleteChat(tenant, agent, chat);
  }

  /** The configured pass: retention and the per-tenant limit as of {@code now}. */
  Uni<Pruned> prune(Instant now) {
    return prune(now.minus(config.retention()), config.maxPerTenant());
  }

  /** Deletes what was made before {@code cutoff}, then each tenant's oldest beyond {@code max}. */
  Uni<Pruned> prune(Instant cutoff, int max) {
    return queries
        .deleteOlderThan(cutoff)
        .chain(expired -> queries.deleteOverLimit(max).map(over -> new Pruned(expired, over)));
  }

  private JsonNode read(String body) {
    try {
      return json.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored injection record is not JSON", e);
    }
  }

  private static EngramException notFound(long id) {
    return new EngramException(
        CaptureError.INJECTION_NOT_FOUND, "No injection record with id " + id);
  }
}
