package dev.engram.capture.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The contract fixtures of docs/contracts, read from the repository (tests run in the module
 * directory), and the two ways tests hold JSON against them: same shape (field names and JSON
 * types), and same values except the volatile ones a test names. Each service's test tree has a
 * copy of this class, so that no module depends on another's tests.
 */
public final class Contracts {

  /** Where the fixtures are. */
  public static final Path ROOT = Path.of("..", "docs", "contracts");

  /** Objects whose keys are data, not contract (their values are still typed by the caller). */
  private static final Set<String> FREE_FORM = Set.of("metadata", "counts", "position");

  /** Fields that tell variants apart: an object is compared with the examples of its variant. */
  private static final List<String> VARIANT = List.of("op", "stream");

  private static final ObjectMapper JSON = new ObjectMapper();

  private Contracts() {}

  /** A fixture file as text, e.g. ("index-operations", "request.json"). */
  public static String text(String api, String file) {
    try {
      return Files.readString(ROOT.resolve(api).resolve(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A JSON fixture. */
  public static JsonNode json(String api, String file) {
    return parse(text(api, file));
  }

  /**
   * The examples of one side of an API: {@code request.json} first, then any {@code
   * request-<case>.json} (a case with other nulls, e.g. no chat), by name.
   */
  public static List<String> examples(String api, String side) {
    try (Stream<Path> files = Files.list(ROOT.resolve(api))) {
      return files
          .map(file -> file.getFileName().toString())
          .filter(name -> name.equals(side + ".json") || name.startsWith(side + "-"))
          .sorted(Comparator.comparing((String name) -> name.length() > side.length() + 5))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An NDJSON fixture, one node per line. */
  public static List<JsonNode> ndjson(String api, String file) {
    return text(api, file).lines().filter(l -> !l.isBlank()).map(Contracts::parse).toList();
  }

  public static JsonNode parse(String json) {
    try {
      return JSON.readTree(json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Where {@code actual} differs in shape from the fixture: a field the contract does not have
   * (unless {@code extraAllowed}, as for answers, which callers read ignoring unknown fields), a
   * field it has that is missing, or a value of another JSON type than any example of it.
   */
  public static List<String> shapeErrors(JsonNode fixture, JsonNode actual, boolean extraAllowed) {
    return shapeErrors(List.of(fixture), actual, extraAllowed);
  }

  /** The same against several examples: a field may have any type one of them gives it. */
  public static List<String> shapeErrors(
      List<JsonNode> fixtures, JsonNode actual, boolean extraAllowed) {
    List<String> errors = new ArrayList<>();
    shape("$", fixtures, actual, extraAllowed, errors);
    return errors;
  }

  /**
   * Asserts that {@code actual} has the fixture's shape and values; the {@code volatiles} (paths
   * such as {@code took_ms} or {@code entities.*.id}) need only the same JSON type.
   */
  public static void assertMatches(JsonNode expected, JsonNode actual, String... volatiles) {
    assertEquals(List.of(), shapeErrors(expected, actual, false), "shape of " + actual);
    JsonNode want = expected.deepCopy();
    JsonNode got = actual.deepCopy();
    for (String path : volatiles) {
      strip(want, path.split("\\."), 0);
      strip(got, path.split("\\."), 0);
    }
    if (!want.equals(Contracts::compare, got)) {
      assertEquals(want.toPrettyString(), got.toPrettyString());
    }
  }

  /**
   * Asserts that an export (lines of x-ndjson) starts with the fixture's header and holds exactly
   * the fixture's records for the fixture's tenant, in order; other tenants' records are other
   * tests' business. {@code volatiles} are paths in a record line, e.g. {@code record.vector}.
   */
  public static void assertExport(
      List<JsonNode> fixture, List<JsonNode> export, String... volatiles) {
    assertMatches(
        fixture.getFirst(),
        export.getFirst(),
        "header.taken_at",
        "header.version",
        "header.position");
    String tenant = fixture.get(1).at("/record/tenant").asText();
    List<JsonNode> want = fixture.subList(1, fixture.size() - 1);
    List<JsonNode> got =
        export.subList(1, export.size() - 1).stream()
            .filter(line -> tenant.equals(line.at("/record/tenant").asText()))
            .toList();
    assertEquals(want.size(), got.size(), "records of " + tenant + ": " + got);
    for (int i = 0; i < want.size(); i++) {
      assertMatches(want.get(i), got.get(i), volatiles);
    }
    assertEquals(List.of(), shapeErrors(fixture.getLast(), export.getLast(), false), "end line");
  }

  private static void shape(
      String path, List<JsonNode> examples, JsonNode actual, boolean extra, List<String> errors) {
    Set<String> types = new TreeSet<>();
    examples.forEach(e -> types.add(type(e)));
    if (!types.contains(type(actual))) {
      errors.add(path + " is " + type(actual) + ", the contract has " + types);
    } else if (actual.isObject()) {
      List<JsonNode> objects = examples.stream().filter(JsonNode::isObject).toList();
      for (String variant : VARIANT) {
        if (actual.has(variant)) {
          objects =
              objects.stream().filter(o -> actual.get(variant).equals(o.get(variant))).toList();
        }
      }
      if (objects.isEmpty()) {
        errors.add(path + " is a variant the contract does not have: " + actual);
        return;
      }
      if (FREE_FORM.contains(path.substring(path.lastIndexOf('.') + 1))) {
        return;
      }
      Set<String> fields = new TreeSet<>();
      objects.forEach(o -> o.fieldNames().forEachRemaining(fields::add));
      Set<String> present = new TreeSet<>();
      actual.fieldNames().forEachRemaining(present::add);
      for (String field : fields) {
        if (!present.contains(field)) {
          errors.add(path + "." + field + " is missing");
        }
      }
      for (String field : present) {
        List<JsonNode> values =
            objects.stream().map(o -> o.get(field)).filter(Objects::nonNull).toList();
        if (values.isEmpty() && !extra) {
          errors.add(path + "." + field + " is not in the contract");
        } else if (!values.isEmpty()) {
          shape(path + "." + field, values, actual.get(field), extra, errors);
        }
      }
    } else if (actual.isArray()) {
      List<JsonNode> elements = new ArrayList<>();
      examples.forEach(e -> e.forEach(elements::add));
      for (int i = 0; !elements.isEmpty() && i < actual.size(); i++) {
        shape(path + "[" + i + "]", elements, actual.get(i), extra, errors);
      }
    }
  }

  private static String type(JsonNode node) {
    return node.isNumber() ? "number" : node.getNodeType().name().toLowerCase();
  }

  private static void strip(JsonNode node, String[] path, int at) {
    String step = path[at];
    if (at == path.length - 1) {
      if (node instanceof ObjectNode object) {
        object.remove(step);
      }
    } else if ("*".equals(step)) {
      node.forEach(child -> strip(child, path, at + 1));
    } else if (node.has(step)) {
      strip(node.get(step), path, at + 1);
    }
  }

  /** Numbers compare by value (an int and a long 3 are the same JSON number). */
  private static int compare(JsonNode a, JsonNode b) {
    if (a.equals(b)) {
      return 0;
    }
    return a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0
        ? 0
        : 1;
  }
}
