package dev.engram.capture.backup;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies imported rows inside the caller's JDBC transaction: ids preserved, {@code replace}
 * empties each tenant's tables the first time the tenant appears, {@code merge} inserts what is
 * missing and updates a row only when the imported one has the higher version. The statements are
 * {@link BackupQueries}.
 */
final class ImportRows {

  /** The outcome of one row. */
  enum Outcome {
    INSERTED,
    UPDATED,
    UNCHANGED
  }

  /** A record that cannot be applied; the caller names its line. */
  static final class Refused extends Exception {
    final boolean conflict;

    Refused(String message, boolean conflict) {
      super(message);
      this.conflict = conflict;
    }
  }

  private final BackupQueries queries;
  private final boolean replace;
  private final Set<String> emptied = new HashSet<>();
  private final Set<RecordTable> written = new HashSet<>();

  ImportRows(BackupQueries queries, boolean replace) {
    this.queries = queries;
    this.replace = replace;
  }

  Outcome apply(RecordTable table, JsonNode record) throws SQLException, Refused {
    if (!record.isObject()) {
      throw new Refused("the record is not a JSON object", false);
    }
    Map<String, String> columns = queries.columnTypes(table);
    List<String> fields = new ArrayList<>();
    for (Iterator<String> names = record.fieldNames(); names.hasNext(); ) {
      String field = names.next();
      if (!columns.containsKey(field)) {
        throw new Refused(table.name() + " has no column '" + field + "'", false);
      }
      fields.add(field);
    }
    JsonNode tenant = record.get("tenant");
    if (tenant == null || !tenant.isTextual() || tenant.textValue().isBlank()) {
      throw new Refused("'tenant' is required", false);
    }
    for (String key : table.key()) {
      if (record.get(key) == null || record.get(key).isNull()) {
        throw new Refused("'" + key + "' is required", false);
      }
    }
    if (replace && emptied.add(tenant.textValue())) {
      queries.emptyTenant(tenant.textValue());
    }
    written.add(table);
    if (table.name().equals(RestoredLinkQueue.STREAM)) {
      // The trigger's row for this memory gives way to the archived one.
      queries.yieldTriggerRow((st, first) -> bindKey(st, table, record, columns, first));
    }
    if (replace) {
      // The tenant's tables were emptied: a row already there is another tenant's (or this
      // import's twice), which the primary key refuses (409) without a look-up first.
      insert(table, record, columns, fields);
      return Outcome.INSERTED;
    }
    BackupQueries.ExistingRow existing =
        queries.existing(table, (st, first) -> bindKey(st, table, record, columns, first));
    if (existing == null) {
      insert(table, record, columns, fields);
      return Outcome.INSERTED;
    }
    if (!existing.tenant().equals(tenant.textValue())) {
      throw new Refused(
          table.name() + " " + keyText(table, record) + " belongs to another tenant", true);
    }
    if (table.version() == null) {
      return Outcome.UNCHANGED;
    }
    JsonNode version = record.get(table.version());
    if (version == null || !version.isIntegralNumber()) {
      throw new Refused("'" + table.version() + "' is required and must be an integer", false);
    }
    if (version.longValue() <= existing.version()) {
      return Outcome.UNCHANGED;
    }
    update(table, record, columns, fields);
    return Outcome.UPDATED;
  }

  /** Moves each written table's sequence past its highest id (never backwards). */
  void moveSequences() throws SQLException {
    for (RecordTable table : written) {
      if (table.sequence() != null) {
        queries.moveSequencePastRows(table);
      }
    }
  }

  private void insert(
      RecordTable table, JsonNode record, Map<String, String> columns, List<String> fields)
      throws SQLException, Refused {
    queries.insert(table, fields, (st, first) -> bind(st, first, columns, fields, record));
  }

  private void update(
      RecordTable table, JsonNode record, Map<String, String> columns, List<String> fields)
      throws SQLException, Refused {
    List<String> set = fields.stream().filter(f -> !table.key().contains(f)).toList();
    queries.update(
        table,
        set,
        (st, first) -> bindKey(st, table, record, columns, bind(st, first, columns, set, record)));
  }

  /** Binds the record's values of these fields from {@code first} on; answers the next index. */
  private static int bind(
      PreparedStatement st,
      int first,
      Map<String, String> columns,
      List<String> fields,
      JsonNode record)
      throws SQLException, Refused {
    int i = first;
    for (String field : fields) {
      bind(st, i++, columns.get(field), field, record.get(field));
    }
    return i;
  }

  private static int bindKey(
      PreparedStatement st,
      RecordTable table,
      JsonNode record,
      Map<String, String> columns,
      int first)
      throws SQLException, Refused {
    return bind(st, first, columns, table.key(), record);
  }

  private static void bind(PreparedStatement st, int i, String type, String field, JsonNode value)
      throws SQLException, Refused {
    try {
      Columns.bind(st.getConnection(), st, i, type, value);
    } catch (Columns.BadValue e) {
      throw new Refused("'" + field + "' " + e.getMessage(), false);
    }
  }

  private static String keyText(RecordTable table, JsonNode record) {
    return String.join(
        "/", table.key().stream().map(k -> k + "=" + record.get(k).asText()).toList());
  }
}
