package dev.engram.capture.backup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import org.postgresql.util.PGobject;

/**
 * Converts between PostgreSQL columns (by their type name) and JSON, losslessly: timestamps as
 * ISO-8601 instants with every stored digit, dates as ISO-8601 dates, JSON columns as JSON, bigint
 * and text arrays as arrays.
 */
final class Columns {

  private Columns() {}

  /** Thrown for a JSON value that does not fit its column; the caller names the line. */
  static final class BadValue extends Exception {
    BadValue(String message) {
      super(message);
    }
  }

  static void write(JsonGenerator out, ResultSet rs, int i, String type, ObjectMapper json)
      throws SQLException, IOException {
    switch (type) {
      case "int8", "int4", "int2", "bigserial", "serial", "smallserial" -> {
        long value = rs.getLong(i);
        if (rs.wasNull()) {
          out.writeNull();
        } else {
          out.writeNumber(value);
        }
      }
      case "float8", "float4" -> {
        double value = rs.getDouble(i);
        if (rs.wasNull()) {
          out.writeNull();
        } else {
          out.writeNumber(value);
        }
      }
      case "bool" -> {
        boolean value = rs.getBoolean(i);
        if (rs.wasNull()) {
          out.writeNull();
        } else {
          out.writeBoolean(value);
        }
      }
      case "timestamptz" -> {
        OffsetDateTime value = rs.getObject(i, OffsetDateTime.class);
        if (value == null) {
          out.writeNull();
        } else {
          out.writeString(value.toInstant().toString());
        }
      }
      case "jsonb", "json" -> {
        String value = rs.getString(i);
        if (value == null) {
          out.writeNull();
        } else {
          out.writeTree(json.readTree(value));
        }
      }
      case "_int8" -> {
        Array value = rs.getArray(i);
        if (value == null) {
          out.writeNull();
        } else {
          out.writeStartArray();
          for (Object id : (Object[]) value.getArray()) {
            out.writeNumber(((Number) id).longValue());
          }
          out.writeEndArray();
        }
      }
      case "_text" -> {
        Array value = rs.getArray(i);
        if (value == null) {
          out.writeNull();
        } else {
          out.writeStartArray();
          for (Object text : (Object[]) value.getArray()) {
            out.writeString((String) text);
          }
          out.writeEndArray();
        }
      }
      default -> {
        String value = rs.getString(i);
        if (value == null) {
          out.writeNull();
        } else {
          out.writeString(value);
        }
      }
    }
  }

  static void bind(Connection c, PreparedStatement st, int i, String type, JsonNode value)
      throws SQLException, BadValue {
    if (value == null || value.isNull()) {
      st.setNull(i, "jsonb".equals(type) ? Types.OTHER : Types.NULL);
      return;
    }
    switch (type) {
      case "int8", "bigserial" -> st.setLong(i, integral(value).longValue());
      case "int4", "int2", "serial", "smallserial" -> {
        java.math.BigInteger number = integral(value);
        if (number.bitLength() > 31) {
          throw new BadValue("is out of range");
        }
        st.setInt(i, number.intValue());
      }
      case "float8", "float4" -> {
        if (!value.isNumber()) {
          throw new BadValue("must be a number");
        }
        st.setDouble(i, value.doubleValue());
      }
      case "bool" -> {
        if (!value.isBoolean()) {
          throw new BadValue("must be true or false");
        }
        st.setBoolean(i, value.booleanValue());
      }
      case "timestamptz" -> {
        if (!value.isTextual()) {
          throw new BadValue("must be an ISO-8601 instant");
        }
        try {
          st.setObject(
              i, OffsetDateTime.parse(value.textValue()).withOffsetSameInstant(ZoneOffset.UTC));
        } catch (DateTimeParseException e) {
          throw new BadValue("must be an ISO-8601 instant");
        }
      }
      case "date" -> {
        if (!value.isTextual()) {
          throw new BadValue("must be an ISO-8601 date");
        }
        try {
          st.setObject(i, java.time.LocalDate.parse(value.textValue()));
        } catch (DateTimeParseException e) {
          throw new BadValue("must be an ISO-8601 date");
        }
      }
      case "jsonb", "json" -> {
        PGobject object = new PGobject();
        object.setType(type);
        object.setValue(value.toString());
        st.setObject(i, object);
      }
      case "_int8" -> {
        if (!value.isArray()) {
          throw new BadValue("must be an array of ids");
        }
        Long[] ids = new Long[value.size()];
        for (int k = 0; k < ids.length; k++) {
          ids[k] = integral(value.get(k)).longValue();
        }
        st.setArray(i, c.createArrayOf("bigint", ids));
      }
      case "_text" -> {
        if (!value.isArray()) {
          throw new BadValue("must be an array of strings");
        }
        String[] texts = new String[value.size()];
        for (int k = 0; k < texts.length; k++) {
          if (!value.get(k).isTextual()) {
            throw new BadValue("must be an array of strings");
          }
          texts[k] = value.get(k).textValue();
        }
        st.setArray(i, c.createArrayOf("text", texts));
      }
      default -> {
        if (!value.isTextual()) {
          throw new BadValue("must be a string");
        }
        st.setString(i, value.textValue());
      }
    }
  }

  private static java.math.BigInteger integral(JsonNode value) throws BadValue {
    if (!value.isIntegralNumber()) {
      throw new BadValue("must be an integer");
    }
    java.math.BigInteger big = value.bigIntegerValue();
    if (big.bitLength() > 63) {
      throw new BadValue("is out of range");
    }
    return big;
  }
}
