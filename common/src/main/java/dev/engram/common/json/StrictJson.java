package dev.engram.common.json;

import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.type.LogicalType;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Makes every service read JSON strictly, so bad input is a 400 naming the field instead of a 500
 * from the database or a silently changed value: duplicate keys, scalars of the wrong type (no
 * number for an enum or a string, no string for a number), text PostgreSQL cannot store, dates
 * outside years 1..9999 and bytes that are not UTF-8 are all refused.
 */
@Singleton
public class StrictJson implements ObjectMapperCustomizer {

  @Override
  public void customize(ObjectMapper mapper) {
    apply(mapper);
  }

  /** Applies the rules to a mapper (public for tests and for mappers made outside CDI). */
  public static ObjectMapper apply(ObjectMapper mapper) {
    mapper.getFactory().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION.mappedFeature());
    mapper.getFactory().setInputDecorator(new StrictUtf8());
    mapper.enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS);
    mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    for (LogicalType type : new LogicalType[] {LogicalType.Enum, LogicalType.Textual}) {
      mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.Integer, CoercionAction.Fail);
      mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
      mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail);
    }
    for (LogicalType type :
        new LogicalType[] {LogicalType.Integer, LogicalType.Float, LogicalType.Boolean}) {
      mapper.coercionConfigFor(type).setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    }
    SimpleModule module = new SimpleModule("engram-strict-json");
    module.setDeserializerModifier(new StrictDeserializers());
    module.addDeserializer(JsonNode.class, StrictDeserializers.tree(JsonNode.class));
    module.addDeserializer(ObjectNode.class, StrictDeserializers.tree(ObjectNode.class));
    module.addDeserializer(ArrayNode.class, StrictDeserializers.tree(ArrayNode.class));
    module.addKeyDeserializer(String.class, StrictDeserializers.keys());
    mapper.registerModule(module);
    return mapper;
  }
}
