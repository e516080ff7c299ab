package dev.engram.common.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.deser.std.JsonNodeDeserializer;
import java.io.IOException;
import java.time.temporal.TemporalAccessor;
import java.util.List;
import java.util.Map;

/**
 * Wraps Jackson's own deserializers of text, trees and dates so every typed string that reaches a
 * service (field values, list items, map keys and values, JSON trees) and every date passes {@link
 * StrictValues}. Checking after Jackson decoded a value keeps its parsing untouched.
 */
final class StrictDeserializers extends BeanDeserializerModifier {

  /**
   * Set while an untyped value ({@code Object}) is read. A whole document read as an untyped map is
   * left as it is: Vert.x decodes every JSON-RPC message of MCP through this mapper, and a NUL in a
   * tool argument must reach the tool (which refuses it as a tool error), not fail the whole
   * message. An untyped field of a request ({@code Map<String, Object> metadata}) is checked once
   * read, like typed strings, lists, maps and trees.
   */
  private static final Object FREE_FORM = new Object();

  @Override
  public JsonDeserializer<?> modifyDeserializer(
      DeserializationConfig config, BeanDescription description, JsonDeserializer<?> deserializer) {
    Class<?> type = description.getBeanClass();
    if (type == String.class) {
      return new Text(deserializer);
    }
    if (type == Object.class) {
      return new Untyped(deserializer);
    }
    if (TemporalAccessor.class.isAssignableFrom(type)) {
      return new Dated(deserializer);
    }
    return deserializer;
  }

  /** A tree deserializer: modifiers are not applied to trees, so each is registered as custom. */
  @SuppressWarnings("unchecked")
  static <T extends JsonNode> JsonDeserializer<T> tree(Class<T> type) {
    return (JsonDeserializer<T>)
        (JsonDeserializer<?>) new Tree(JsonNodeDeserializer.getDeserializer(type));
  }

  /** Map keys declared as strings. */
  static KeyDeserializer keys() {
    return new KeyDeserializer() {
      @Override
      public Object deserializeKey(String key, DeserializationContext ctxt) throws IOException {
        checkText(key, ctxt);
        return key;
      }
    };
  }

  static void checkText(String text, DeserializationContext ctxt) throws RejectedValueException {
    String problem = StrictValues.textProblem(text);
    if (problem != null) {
      throw new RejectedValueException(ctxt.getParser(), String.class, "text_encoding", problem);
    }
  }

  static void checkNode(JsonNode node, DeserializationContext ctxt) throws RejectedValueException {
    if (node == null) {
      return;
    }
    if (node.isTextual()) {
      checkText(node.textValue(), ctxt);
    } else if (node.isObject()) {
      for (Map.Entry<String, JsonNode> entry : node.properties()) {
        try {
          checkText(entry.getKey(), ctxt);
          checkNode(entry.getValue(), ctxt);
        } catch (RejectedValueException e) {
          e.prependPath(new JsonMappingException.Reference(null, entry.getKey()));
          throw e;
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        try {
          checkNode(node.get(i), ctxt);
        } catch (RejectedValueException e) {
          e.prependPath(new JsonMappingException.Reference(null, i));
          throw e;
        }
      }
    }
  }

  /** The same walk over an untyped value: maps, lists and strings as Jackson reads them. */
  static void checkUntyped(Object value, DeserializationContext ctxt)
      throws RejectedValueException {
    if (value instanceof String text) {
      checkText(text, ctxt);
    } else if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> entry : map.entrySet()) {
        String key = String.valueOf(entry.getKey());
        try {
          checkText(key, ctxt);
          checkUntyped(entry.getValue(), ctxt);
        } catch (RejectedValueException e) {
          e.prependPath(new JsonMappingException.Reference(null, key));
          throw e;
        }
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        try {
          checkUntyped(list.get(i), ctxt);
        } catch (RejectedValueException e) {
          e.prependPath(new JsonMappingException.Reference(null, i));
          throw e;
        }
      }
    }
  }

  /**
   * A string: only a JSON string is text where the field itself is declared a string (no number or
   * boolean coerced into one). Values of a string map ({@code metadata}) still take a number or
   * boolean as its text, as clients send {@code "n": 1} there; every text is checked.
   */
  private static final class Text extends DelegatingDeserializer {

    private final boolean scalarsAsText;

    Text(JsonDeserializer<?> delegate) {
      this(delegate, false);
    }

    private Text(JsonDeserializer<?> delegate, boolean scalarsAsText) {
      super(delegate);
      this.scalarsAsText = scalarsAsText;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Text(delegate, scalarsAsText);
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
        throws JsonMappingException {
      boolean mapValue = property != null && property.getType().isMapLikeType();
      JsonDeserializer<?> contextual = super.createContextual(ctxt, property);
      return mapValue == scalarsAsText
          ? contextual
          : new Text(((Text) contextual)._delegatee, mapValue);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      JsonToken token = p.currentToken();
      if (token != null && token.isScalarValue() && token != JsonToken.VALUE_STRING) {
        if (token != JsonToken.VALUE_NULL && token != JsonToken.VALUE_EMBEDDED_OBJECT) {
          if (scalarsAsText) {
            return p.getText();
          }
          throw new RejectedValueException(
              p, String.class, "json_type", "expected a string, not " + p.getText());
        }
      }
      Object value = super.deserialize(p, ctxt);
      if (value instanceof String text && ctxt.getAttribute(FREE_FORM) == null) {
        checkText(text, ctxt);
      }
      return value;
    }
  }

  /**
   * An untyped value. Read as a field or item of a declared type (a property is known) it is
   * checked once read; read as a whole document (no property) it is left free.
   */
  private static final class Untyped extends DelegatingDeserializer {

    private final boolean checked;

    Untyped(JsonDeserializer<?> delegate) {
      this(delegate, false);
    }

    private Untyped(JsonDeserializer<?> delegate, boolean checked) {
      super(delegate);
      this.checked = checked;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Untyped(delegate, checked);
    }

    @Override
    public JsonDeserializer<?> createContextual(DeserializationContext ctxt, BeanProperty property)
        throws JsonMappingException {
      JsonDeserializer<?> contextual = super.createContextual(ctxt, property);
      boolean inField = property != null;
      return inField == checked
          ? contextual
          : new Untyped(((Untyped) contextual)._delegatee, inField);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Object outer = ctxt.getAttribute(FREE_FORM);
      ctxt.setAttribute(FREE_FORM, Boolean.TRUE);
      Object value;
      try {
        value = super.deserialize(p, ctxt);
      } finally {
        ctxt.setAttribute(FREE_FORM, outer);
      }
      if (checked) {
        checkUntyped(value, ctxt);
      }
      return value;
    }
  }

  private static final class Tree extends DelegatingDeserializer {

    Tree(JsonDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Tree(delegate);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Object value = super.deserialize(p, ctxt);
      if (value instanceof JsonNode node) {
        checkNode(node, ctxt);
      }
      return value;
    }
  }

  private static final class Dated extends DelegatingDeserializer {

    Dated(JsonDeserializer<?> delegate) {
      super(delegate);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
      return new Dated(delegate);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Object value = super.deserialize(p, ctxt);
      if (value instanceof TemporalAccessor temporal && !StrictValues.inRange(temporal)) {
        throw new RejectedValueException(
            p, handledType(), "timestamp_range", StrictValues.rangeReason());
      }
      return value;
    }
  }
}
