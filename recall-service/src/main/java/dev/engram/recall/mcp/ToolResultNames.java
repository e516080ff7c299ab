package dev.engram.recall.mcp;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.quarkiverse.mcp.server.ToolResponse;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;

/**
 * Writes a tool result with MCP's own field names. The extension encodes it with the application's
 * ObjectMapper, whose snake_case naming (Engram's REST convention) would turn {@code isError} into
 * {@code is_error}, which clients do not read: every error would look like a success.
 */
@Singleton
class ToolResultNames implements ObjectMapperCustomizer {

  @Override
  public void customize(ObjectMapper mapper) {
    mapper.registerModule(new SimpleModule("engram-mcp-tool-result").addSerializer(new Writer()));
  }

  private static final class Writer extends StdSerializer<ToolResponse> {

    Writer() {
      super(ToolResponse.class);
    }

    @Override
    public void serialize(ToolResponse result, JsonGenerator out, SerializerProvider provider)
        throws IOException {
      out.writeStartObject();
      out.writeBooleanField("isError", result.isError());
      out.writeFieldName("content");
      provider.defaultSerializeValue(result.content(), out);
      if (result.structuredContent() != null) {
        out.writeFieldName("structuredContent");
        provider.defaultSerializeValue(result.structuredContent(), out);
      }
      if (result._meta() != null && !result._meta().isEmpty()) {
        out.writeFieldName("_meta");
        provider.defaultSerializeValue(result._meta(), out);
      }
      out.writeEndObject();
    }
  }
}
