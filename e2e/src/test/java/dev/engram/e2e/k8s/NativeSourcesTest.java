package dev.engram.e2e.k8s;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The native build steps Quarkus runs without the native-image tool ({@code
 * -Dquarkus.native.enabled=true -Dquarkus.native.sources-only=true}, run by every service's package
 * phase in every build but ./engram up's, see quarkus-parent/pom.xml) produce, per service,
 * target/native-sources: the runner jar and the native-image arguments. This test reads them and
 * checks that what each service loads at run time is declared: resources read by name, JNI for the
 * libraries that call back into Java, reflection for what Jackson handles outside JAX-RS. No native
 * executable is built here (no GraalVM or Mandrel on these machines). Skipped when the native
 * sources were not generated (a build with -Dengram.jvm-only), unless
 * ENGRAM_REQUIRE_NATIVE_SOURCES=1 (CI).
 */
class NativeSourcesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** service -> resources it reads by name. */
  private static final Map<String, List<String>> RESOURCES =
      Map.of(
          "capture-service",
          List.of(
              "dev/engram/capture/gate/rules.tsv",
              "opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin",
              "opennlp-en-ud-ewt-tokens-1.3-2.5.4.bin",
              "opennlp-en-ud-ewt-pos-1.3-2.5.4.bin"),
          "graph-service",
          List.of(
              "neo4j/V001__schema.cypher",
              "neo4j/V002__temporal_graph.cypher",
              "neo4j/V003__view_centrality.cypher",
              "neo4j/V004__belief_keys.cypher",
              "opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin",
              "opennlp-en-ud-ewt-pos-1.3-2.5.4.bin"),
          "recall-service",
          List.of(
              "all-minilm-l6-v2-q.onnx",
              "all-minilm-l6-v2-q-tokenizer.json",
              "bge-small-en-v1.5-q.onnx",
              "bge-small-en-v1.5-q-tokenizer.json",
              "META-INF/services/org.apache.lucene.codecs.Codec"),
          "vault-service",
          List.of("software/amazon/awssdk/regions/internal/region/endpoints.json"),
          // Qute's templates and the stylesheet, read by name at run time.
          "console",
          List.of(
              "templates/layout.html",
              "templates/session/signIn.html",
              "templates/memory/list.html",
              "META-INF/resources/console.css"));

  /** service -> classes registered for reflection (Jackson outside JAX-RS, SPI). */
  private static final Map<String, List<String>> REFLECTION =
      Map.of(
          "capture-service",
          List.of("dev.engram.common.error.Problem"),
          "graph-service",
          List.of("dev.engram.common.error.Problem"),
          "recall-service",
          List.of(
              "dev.engram.recall.backup.VectorRecord",
              "org.apache.lucene.codecs.lucene104.Lucene104Codec"),
          "vault-service",
          List.of("dev.engram.vault.archive.Manifest", "dev.engram.vault.backup.CatalogRecord"),
          "console",
          List.of("dev.engram.console.client.RecallApi$Ask"));

  /** The console reads every record of client/Wire.java with its own ObjectMapper (JSON). */
  private static final Pattern WIRE_RECORD = Pattern.compile("public record (\\w+)\\(");

  @ParameterizedTest
  @ValueSource(
      strings = {"capture-service", "recall-service", "graph-service", "vault-service", "console"})
  void theNativeImageArgumentsAndConfigurationDeclareWhatTheServiceLoads(String service)
      throws Exception {
    Path sources = Kustomize.repoRoot().resolve(service).resolve("target/native-sources");
    Path args = sources.resolve("native-image.args");
    if (!Files.isRegularFile(args)) {
      String why =
          service
              + ": no target/native-sources (package the service without -Dengram.jvm-only: its package phase"
              + " then runs the sources-only build)";
      if ("1".equals(System.getenv("ENGRAM_REQUIRE_NATIVE_SOURCES"))) {
        fail(why);
      }
      Assumptions.abort(why);
    }
    String arguments = Files.readString(args);
    Path runner = runnerJar(sources);
    assertTrue(arguments.contains(runner.getFileName().toString()), service + ": builds the jar");
    assertTrue(arguments.contains("--no-fallback"), service + ": a real native image or nothing");
    try (ZipFile jar = new ZipFile(runner.toFile())) {
      List<Pattern> included = resourcePatterns(jar);
      for (String resource : RESOURCES.get(service)) {
        assertTrue(
            included.stream().anyMatch(p -> p.matcher(resource).matches()),
            service + ": resource " + resource + " is not included in the native image");
      }
      String reflection = configs(jar, "reflect-config.json");
      for (String type : reflected(service)) {
        assertTrue(
            reflection.contains("\"" + type + "\""), service + ": " + type + " for reflection");
      }
      if (service.equals("recall-service")) {
        String jni = configs(jar, "jni-config.json");
        for (String type :
            List.of(
                "ai.onnxruntime.OnnxTensor",
                "ai.onnxruntime.OrtException",
                "ai.djl.huggingface.tokenizers.jni.CharSpan")) {
          assertTrue(jni.contains("\"" + type + "\""), service + ": " + type + " for JNI");
        }
      }
    }
  }

  private static List<String> reflected(String service) throws IOException {
    List<String> types = new ArrayList<>(REFLECTION.get(service));
    if (service.equals("console")) {
      Path wire =
          Kustomize.repoRoot().resolve("console/src/main/java/dev/engram/console/client/Wire.java");
      Matcher record = WIRE_RECORD.matcher(Files.readString(wire));
      while (record.find()) {
        types.add("dev.engram.console.client.Wire$" + record.group(1));
      }
      assertTrue(types.size() > 20, "the records of Wire.java: " + types);
    }
    return types;
  }

  private static Path runnerJar(Path sources) throws IOException {
    try (Stream<Path> files = Files.list(sources)) {
      List<Path> jars = files.filter(f -> f.toString().endsWith("-runner.jar")).toList();
      assertEquals(1, jars.size(), "one runner jar in " + sources);
      return jars.get(0);
    }
  }

  /** The patterns of Quarkus's generated resource-config.json (quarkus.native.resources.*). */
  private static List<Pattern> resourcePatterns(ZipFile jar) throws IOException {
    ZipEntry entry = jar.getEntry("META-INF/native-image/resource-config.json");
    assertTrue(entry != null, "no generated resource-config.json");
    JsonNode config = JSON.readTree(jar.getInputStream(entry));
    List<Pattern> patterns = new ArrayList<>();
    config
        .at("/resources/includes")
        .forEach(p -> patterns.add(Pattern.compile(p.path("pattern").asText())));
    return patterns;
  }

  /** Every native-image configuration file of that name in the jar, Quarkus's and ours. */
  private static String configs(ZipFile jar, String name) throws IOException {
    StringBuilder all = new StringBuilder();
    for (ZipEntry entry : java.util.Collections.list(jar.entries())) {
      if (entry.getName().startsWith("META-INF/native-image/") && entry.getName().endsWith(name)) {
        all.append(new String(jar.getInputStream(entry).readAllBytes()));
      }
    }
    return all.toString();
  }
}
