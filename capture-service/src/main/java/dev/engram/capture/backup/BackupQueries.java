package dev.engram.capture.backup;

import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The SQL of export and import, over the caller's JDBC connection (the caller owns its
 * transaction). Statements are generic over the {@link RecordTable}s: table, sequence and column
 * names come from that fixed list and from the table's own columns, never from a request; every
 * value is a bound parameter. Prepared statements are cached per table and set of columns, and
 * closed with this.
 */
final class BackupQueries implements AutoCloseable {

  /** Binds a statement's values from parameter {@code first} on; answers the next free one. */
  @FunctionalInterface
  interface Values {
    int bind(PreparedStatement st, int first) throws SQLException, ImportRows.Refused;
  }

  /** Reads one exported row, its columns described by {@code columns}. */
  @FunctionalInterface
  interface RowReader {
    void read(ResultSet row, List<Column> columns) throws SQLException, IOException;
  }

  /** A column of a table: its name and PostgreSQL type name. */
  record Column(String name, String type) {}

  /** Where a snapshot stands: when it was taken and the last outbox event it includes. */
  record Position(OffsetDateTime takenAt, long outboxId) {}

  /** The row with a key, as it is: whose it is and its version (0 for an unversioned table). */
  record ExistingRow(String tenant, long version) {}

  /**
   * A {@code memory_link_queue} row the V7 trigger made in this transaction: written by it (its
   * {@code xmin}) and queued at its start ({@code now()}), which no archived row is (see {@link
   * RestoredLinkQueue}).
   */
  private static final String MADE_BY_THE_TRIGGER =
      " xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text"
          + " and queued_at = now()";

  private final Connection c;
  private final Map<String, PreparedStatement> statements = new HashMap<>();
  private final Map<String, Map<String, String>> types = new HashMap<>();

  BackupQueries(Connection c) {
    this.c = c;
  }

  // ---- export

  /** Makes the connection's transaction one consistent read-only snapshot (before any read). */
  void readOnlySnapshot() throws SQLException {
    execute("set transaction isolation level repeatable read, read only, deferrable");
  }

  /** The snapshot's time and the highest outbox id in it. */
  Position position() throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("select now(), (select coalesce(max(id), 0) from outbox)")) {
      rs.next();
      return new Position(rs.getObject(1, OffsetDateTime.class), rs.getLong(2));
    }
  }

  /**
   * Reads every row of the table in key order through a server-side cursor, {@code fetchSize} rows
   * at a time; answers how many.
   */
  long eachRow(RecordTable table, int fetchSize, RowReader reader)
      throws SQLException, IOException {
    long count = 0;
    try (PreparedStatement st =
        c.prepareStatement(
            "select * from " + table.name() + " order by " + String.join(", ", table.key()),
            ResultSet.TYPE_FORWARD_ONLY,
            ResultSet.CONCUR_READ_ONLY)) {
      st.setFetchSize(fetchSize);
      try (ResultSet rs = st.executeQuery()) {
        List<Column> columns = columns(rs.getMetaData());
        while (rs.next()) {
          reader.read(rs, columns);
          count++;
        }
      }
    }
    return count;
  }

  // ---- import

  /** Defers every deferrable constraint (foreign keys) to the end of the transaction. */
  void deferConstraints() throws SQLException {
    execute("set constraints all deferred");
  }

  /** Checks every deferred constraint now; throws if the imported rows break one. */
  void checkConstraints() throws SQLException {
    execute("set constraints all immediate");
  }

  /** The table's columns and their type names, in table order. */
  Map<String, String> columnTypes(RecordTable table) throws SQLException {
    Map<String, String> known = types.get(table.name());
    if (known == null) {
      known = new LinkedHashMap<>();
      try (Statement st = c.createStatement();
          ResultSet rs = st.executeQuery("select * from " + table.name() + " where false")) {
        for (Column column : columns(rs.getMetaData())) {
          known.put(column.name(), column.type());
        }
      }
      types.put(table.name(), known);
    }
    return known;
  }

  /** Deletes the tenant's rows from every table, children first. */
  void emptyTenant(String tenant) throws SQLException {
    for (RecordTable table : RecordTable.ALL.reversed()) {
      PreparedStatement delete =
          statement(table.name() + ":empty", "delete from " + table.name() + " where tenant = ?");
      delete.setString(1, tenant);
      delete.executeUpdate();
    }
  }

  /** The row with the key {@code key} binds, or null when there is none. */
  ExistingRow existing(RecordTable table, Values key) throws SQLException, ImportRows.Refused {
    PreparedStatement find =
        statement(
            table.name() + ":find",
            "select tenant"
                + (table.version() == null ? "" : ", " + table.version())
                + " from "
                + table.name()
                + whereKey(table));
    key.bind(find, 1);
    try (ResultSet rs = find.executeQuery()) {
      if (!rs.next()) {
        return null;
      }
      return new ExistingRow(rs.getString(1), table.version() == null ? 0 : rs.getLong(2));
    }
  }

  /** Inserts a row of these columns, {@code values} bound in their order. */
  void insert(RecordTable table, List<String> fields, Values values)
      throws SQLException, ImportRows.Refused {
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
    values.bind(insert, 1);
    insert.executeUpdate();
  }

  /** Sets these columns of the row with a key: {@code values} binds them, then the key. */
  void update(RecordTable table, List<String> set, Values values)
      throws SQLException, ImportRows.Refused {
    PreparedStatement update =
        statement(
            table.name() + ":update:" + set,
            "update "
                + table.name()
                + " set "
                + String.join(", ", set.stream().map(f -> f + " = ?").toList())
                + whereKey(table));
    values.bind(update, 1);
    update.executeUpdate();
  }

  /** Moves the table's sequence past its highest id (never backwards). */
  void moveSequencePastRows(RecordTable table) throws SQLException {
    execute(
        "select setval('%s', greatest((select coalesce(max(id), 0) from %s),"
                .formatted(table.sequence(), table.name())
            + " (select last_value from %s)))".formatted(table.sequence()));
  }

  /** Deletes the trigger's queue row of the memory {@code memoryId} binds, if it made one. */
  void yieldTriggerRow(Values memoryId) throws SQLException, ImportRows.Refused {
    PreparedStatement yield =
        statement(
            RestoredLinkQueue.STREAM + ":yield",
            "delete from memory_link_queue where memory_id = ? and" + MADE_BY_THE_TRIGGER);
    memoryId.bind(yield, 1);
    yield.executeUpdate();
  }

  /** Deletes every queue row the trigger made in this transaction. */
  void dropTriggerRows() throws SQLException {
    executeUpdate("delete from memory_link_queue where" + MADE_BY_THE_TRIGGER);
  }

  /**
   * Deletes the queue rows the trigger made in this transaction for memories that need no links:
   * neither ACTIVE nor QUARANTINED, or with a relation already.
   */
  void dropTriggerRowsOfLinkedMemories() throws SQLException {
    executeUpdate(
        "delete from memory_link_queue q where"
            + MADE_BY_THE_TRIGGER
            + " and exists (select 1 from memories m where m.id = q.memory_id"
            + " and (m.status not in ('ACTIVE', 'QUARANTINED')"
            + " or exists (select 1 from memory_relations r"
            + " where r.from_memory = m.id or r.to_memory = m.id)))");
  }

  @Override
  public void close() throws SQLException {
    for (PreparedStatement st : statements.values()) {
      st.close();
    }
  }

  private static String whereKey(RecordTable table) {
    return " where " + String.join(" and ", table.key().stream().map(k -> k + " = ?").toList());
  }

  private static List<Column> columns(ResultSetMetaData meta) throws SQLException {
    List<Column> columns = new ArrayList<>();
    for (int i = 1; i <= meta.getColumnCount(); i++) {
      columns.add(new Column(meta.getColumnName(i), meta.getColumnTypeName(i)));
    }
    return columns;
  }

  private void execute(String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  private void executeUpdate(String sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.executeUpdate(sql);
    }
  }

  private PreparedStatement statement(String name, String sql) throws SQLException {
    PreparedStatement st = statements.get(name);
    if (st == null) {
      st = c.prepareStatement(sql);
      statements.put(name, st);
    }
    return st;
  }
}
