package dev.engram.capture.backup;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Applies imported rows inside the caller's JDBC transaction: ids preserved, {@code replace}
 * empties each tenant's tables the first time the tenant appears, {@code merge} inserts what is
 * missing and updates a row only when the imported one has the higher version. Prepared statements
 * are cached per table and set of columns.
 */
final class ImportRows implements AutoCloseable {

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

  private final Connection c;
  private final boolean replace;
  private final Set<String> emptied = new HashSet<>();
  private final Map<String, Map<String, String>> types = new HashMap<>();
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private final Set<RecordTable> written = new HashSet<>();

  ImportRows(Connection c, boolean replace) {
    this.c = c;
    this.replace = replace;
  }

  Outcome apply(RecordTable table, JsonNode record) throws SQLException, Refused {
    if (!record.isObject()) {
      throw new Refused("the record is not a JSON object", false);
    }
    Map<String, String> columns = columns(table);
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
      empty(tenant.textValue());
    }
    written.add(table);
    if (table.name().equals(RestoredLinkQueue.STREAM)) {
      PreparedStatement yield = statement(table.name() + ":yield", RestoredLinkQueue.YIELD);
      bindKey(yield, table, record, columns, 1);
      yield.executeUpdate();
    }
    if (replace) {
      // The tenant's tables were emptied: a row already there is another tenant's (or this
      // import's twice), which the primary key refuses (409) without a look-up first.
      insert(table, record, columns, fields);
      return Outcome.INSERTED;
    }
    PreparedStatement find =
        statement(
            table.name() + ":find",
            "select tenant"
                + (table.version() == null ? "" : ", " + table.version())
                + " from "
                + table.name()
                + where(table));
    bindKey(find, table, record, columns, 1);
    String existingTenant = null;
    long existingVersion = 0;
    try (ResultSet rs = find.executeQuery()) {
      if (rs.next()) {
        existingTenant = rs.getString(1);
        existingVersion = table.version() == null ? 0 : rs.getLong(2);
      }
    }
    if (existingTenant == null) {
      insert(table, record, columns, fields);
      return Outcome.INSERTED;
    }
    if (!existingTenant.equals(tenant.textValue())) {
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
    if (version.longValue() <= existingVersion) {
      return Outcome.UNCHANGED;
    }
    update(table, record, columns, fields);
    return Outcome.UPDATED;
  }

  /** Moves each written table's sequence past its highest id (never backwards). */
  void moveSequences() throws SQLException {
    for (RecordTable table : written) {
      if (table.sequence() == null) {
        continue;
      }
      try (Statement st = c.createStatement()) {
        st.execute(
            "select setval('%s', greatest((select coalesce(max(id), 0) from %s),"
                    .formatted(table.sequence(), table.name())
                + " (select last_value from %s)))".formatted(table.sequence()));
      }
    }
  }

  private void empty(String tenant) throws SQLException {
    for (RecordTable table : RecordTable.ALL.reversed()) {
      PreparedStatement delete =
          statement(table.name() + ":empty", "delete from " + table.name() + " where tenant = ?");
      delete.setString(1, tenant);
      delete.executeUpdate();
    }
  }

  private void insert(
      RecordTable table, JsonNode record, Map<String, String> columns, List<String> fields)
      throws SQLException, Refused {
    PreparedStatement insert =
        statement(
            table.name() + ":insert:" + fields,
            "insert into "
                + table.name()
                + " ("
                + String.join(", ", fields)
                + ") values ("
                + String.join(", ", fields.stream().map(f -> "?").toList())
                + ")");
    int i = 1;
    for (String field : fields) {
      bind(insert, i++, columns.get(field), field, record.get(field));
    }
    insert.executeUpdate();
  }

  private void update(
      RecordTable table, JsonNode record, Map<String, String> columns, List<String> fields)
      throws SQLException, Refused {
    List<String> set = fields.stream().filter(f -> !table.key().contains(f)).toList();
    PreparedStatement update =
        statement(
            table.name() + ":update:" + set,
            "update "
                + table.name()
                + " set "
                + String.join(", ", set.stream().map(f -> f + " = ?").toList())
                + where(table));
    int i = 1;
    for (String field : set) {
      bind(update, i++, columns.get(field), field, record.get(field));
    }
    bindKey(update, table, record, columns, i);
    update.executeUpdate();
  }

  private void bindKey(
      PreparedStatement st,
      RecordTable table,
      JsonNode record,
      Map<String, String> columns,
      int first)
      throws SQLException, Refused {
    int i = first;
    for (String key : table.key()) {
      bind(st, i++, columns.get(key), key, record.get(key));
    }
  }

  private void bind(PreparedStatement st, int i, String type, String field, JsonNode value)
      throws SQLException, Refused {
    try {
      Columns.bind(c, st, i, type, value);
    } catch (Columns.BadValue e) {
      throw new Refused("'" + field + "' " + e.getMessage(), false);
    }
  }

  private static String where(RecordTable table) {
    return " where " + String.join(" and ", table.key().stream().map(k -> k + " = ?").toList());
  }

  private static String keyText(RecordTable table, JsonNode record) {
    return String.join(
        "/", table.key().stream().map(k -> k + "=" + record.get(k).asText()).toList());
  }

  private Map<String, String> columns(RecordTable table) throws SQLException {
    Map<String, String> known = types.get(table.name());
    if (known == null) {
      known = new LinkedHashMap<>();
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("select * from " + table.name() + " where false")) {
        ResultSetMetaData meta = rs.getMetaData();
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          known.put(meta.getColumnName(i), meta.getColumnTypeName(i));
        }
      }
      types.put(table.name(), known);
    }
    return known;
  }

  private PreparedStatement statement(String name, String sql) throws SQLException {
    PreparedStatement st = statements.get(name);
    if (st == null) {
      st = c.prepareStatement(sql);
      statements.put(name, st);
    }
    return st;
  }

  @Override
  public void close() throws SQLException {
    for (PreparedStatement st : statements.values()) {
      st.close();
    }
  }
}
