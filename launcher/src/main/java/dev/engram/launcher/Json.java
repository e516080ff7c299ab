package dev.engram.launcher;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The CLI's JSON, through Jackson: the services' answers read strictly into Map / List / String /
 * Long / Double / Boolean / null (the shapes the commands print from), and string quoting for the
 * request bodies they send.
 */
final class Json {

  private static final ObjectMapper MAPPER =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private Json() {}

  /** The value of a JSON text; {@link IllegalArgumentException} when it is not JSON. */
  static Object parse(String text) {
    try {
      return MAPPER.readValue(text, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("invalid JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** A JSON string literal for {@code value}. */
  static String quote(String value) {
    return '"' + new String(JsonStringEncoder.getInstance().quoteAsString(value)) + '"';
  }
}
