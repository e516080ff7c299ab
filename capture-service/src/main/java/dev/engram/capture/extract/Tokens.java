package dev.engram.capture.extract;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.engram.capture.config.CaptureConfig;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The BPE tokenizer slot caps and prior chunks are measured with ({@code
 * engram.capture.slots.encoding}), built once at start-up: building it takes seconds, which must
 * not happen on an event loop.
 */
@Startup
@ApplicationScoped
public class Tokens {

  private final Encoding encoding;

  Tokens(CaptureConfig config) {
    String name = config.slots().encoding();
    this.encoding =
        Encodings.newLazyEncodingRegistry()
            .getEncoding(
                EncodingType.fromName(name)
                    .orElseThrow(
                        () ->
                            new IllegalStateException(
                                "engram.capture.slots.encoding: unknown encoding " + name)));
  }

  public Encoding encoding() {
    return encoding;
  }

  public int count(String text) {
    return encoding.countTokensOrdinary(text);
  }
}
