package dev.engram.recall.embedding;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Gives each start of the application its own copy of the tokenizer's native library. DJL unpacks
 * it to one fixed path under ~/.djl.ai, and a JVM binds a native library path to the first class
 * loader that loads it: a second Quarkus application in the same JVM (dev-mode reload, a test with
 * another profile) then fails with "already loaded in another classloader". A fresh copy per start,
 * named through DJL's RUST_LIBRARY_PATH, avoids that and needs no writable home directory.
 */
final class TokenizerNativeLibrary {

  private static final String OVERRIDE = "RUST_LIBRARY_PATH";
  private static final String FILE = "libtokenizers.so";

  /** Per class loader, like the library binding itself: one copy per application start. */
  private static boolean prepared;

  private TokenizerNativeLibrary() {}

  /** Call before the first tokenizer is created; an operator's RUST_LIBRARY_PATH env wins. */
  static synchronized void prepare() throws IOException {
    String platform = platform();
    if (prepared || System.getenv(OVERRIDE) != null || platform == null) {
      return; // done already, or left to DJL's own lookup
    }
    String resource = "native/lib/" + platform + "/cpu/" + FILE;
    try (InputStream in =
        HuggingFaceTokenizer.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        return;
      }
      Path dir = Files.createTempDirectory("engram-tokenizers-");
      dir.toFile().deleteOnExit(); // registered first, so deleted after the file
      Path lib = dir.resolve(FILE);
      Files.copy(in, lib);
      lib.toFile().deleteOnExit();
      // The file, not its directory: DJL 0.38's directory lookup fails without a GPU (NPE).
      System.setProperty(OVERRIDE, lib.toString());
      prepared = true;
    }
  }

  private static String platform() {
    if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux")) {
      return null;
    }
    return switch (System.getProperty("os.arch", "")) {
      case "amd64", "x86_64" -> "linux-x86_64";
      case "aarch64" -> "linux-aarch64";
      default -> null;
    };
  }
}
