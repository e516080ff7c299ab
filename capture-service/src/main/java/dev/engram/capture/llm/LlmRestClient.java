package dev.engram.capture.llm;

import com.fasterxml.jackson.databind.JsonNode;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * An OpenAI-compatible chat completions endpoint (built programmatically: base URL from config).
 */
@RegisterRestClient(configKey = "llm-extractor")
@Path("/chat/completions")
interface LlmRestClient {

  @POST
  Uni<JsonNode> complete(@HeaderParam("Authorization") String authorization, JsonNode request);
}
