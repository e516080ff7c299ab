package dev.engram.recall.embedding;

import com.sun.jna.Library;
import com.sun.jna.Native;
import org.jboss.logging.Logger;

/**
 * Keeps ONNX Runtime from sending telemetry. Since 1.29 its Linux build uploads usage events to
 * Microsoft (mobile.events.data.microsoft.com) unless the native environment has {@code
 * ORT_DISABLE_TELEMETRY=1} when the runtime initialises; the Java API's setTelemetry(false) does
 * not stop the process-level events. The variable belongs in the deployment's environment; this
 * sets it in-process too (through libc, as Java cannot change its own environment) for a start
 * without it. It must run before the runtime is first used.
 */
final class OrtTelemetry {

  static final String VARIABLE = "ORT_DISABLE_TELEMETRY";
  private static final Logger LOG = Logger.getLogger(OrtTelemetry.class);

  /** The two libc calls needed; JNA comes with the tokenizer's DJL dependency. */
  interface LibC extends Library {
    int setenv(String name, String value, int overwrite);

    String getenv(String name);
  }

  private OrtTelemetry() {}

  static void disable() {
    if ("1".equals(System.getenv(VARIABLE))) {
      return;
    }
    try {
      LibC libc = Native.load("c", LibC.class);
      if (libc.setenv(VARIABLE, "1", 1) != 0) {
        LOG.warnf("Could not set %s=1; set it in the environment", VARIABLE);
      }
    } catch (RuntimeException | LinkageError e) {
      LOG.warnf("Could not set %s=1 (%s); set it in the environment", VARIABLE, e.getMessage());
    }
  }

  /** The variable as native code sees it, which is what ONNX Runtime reads. */
  static String nativeValue() {
    return Native.load("c", LibC.class).getenv(VARIABLE);
  }
}
