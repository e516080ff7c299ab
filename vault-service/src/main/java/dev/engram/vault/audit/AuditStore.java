package dev.engram.vault.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.engram.vault.archive.ArchiveJson;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The last audit, kept in the backup directory as dotfiles (never listed as backups): the report
 * ({@code .audit-last.json}) and every entity's centrality at that audit ({@code
 * .audit-centrality.jsonl}, one line per entity), which the next audit compares against.
 */
final class AuditStore {

  static final String REPORT = ".audit-last.json";
  static final String CENTRALITY = ".audit-centrality.jsonl";

  /** The previous audit's centralities, keyed tenant + NUL + entity id. */
  record Baseline(String startedAt, Map<String, Double> centralities) {}

  private final Path directory;

  AuditStore(Path directory) {
    this.directory = directory;
  }

  Optional<JsonNode> lastReport() {
    try {
      return Optional.of(ArchiveJson.MAPPER.readTree(directory.resolve(REPORT).toFile()));
    } catch (IOException e) {
      return Optional.empty(); // none yet, or unreadable: there is no last audit to show
    }
  }

  /** The previous audit's centralities, or null when no audit kept any. */
  Baseline previous() {
    Path file = directory.resolve(CENTRALITY);
    Map<String, Double> centralities = new HashMap<>();
    String startedAt = null;
    try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        JsonNode node = ArchiveJson.MAPPER.readTree(line);
        if (node.has("started_at")) {
          startedAt = node.path("started_at").asText();
        } else if (node.path("centrality").isNumber()) {
          centralities.put(
              node.path("tenant").asText() + '\u0000' + node.path("id").asText(),
              node.path("centrality").asDouble());
        }
      }
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      return null; // a damaged baseline is treated as none: the next audit writes a fresh one
    }
    return new Baseline(startedAt, centralities);
  }

  void keepCentralities(Map<String, GraphScan.Entity> entities, java.time.Instant startedAt) {
    write(
        CENTRALITY,
        out -> {
          out.write(
              ArchiveJson.MAPPER.writeValueAsString(Map.of("started_at", startedAt.toString())));
          out.newLine();
          for (Map.Entry<String, GraphScan.Entity> entity : entities.entrySet()) {
            if (entity.getValue().centrality() == null) {
              continue;
            }
            String[] parts = entity.getKey().split("\u0000", 2);
            ObjectNode line = ArchiveJson.MAPPER.createObjectNode();
            line.put("tenant", parts[0]).put("id", parts[1]);
            line.put("centrality", entity.getValue().centrality());
            out.write(ArchiveJson.MAPPER.writeValueAsString(line));
            out.newLine();
          }
        });
  }

  void keepReport(ObjectNode report) {
    write(REPORT, out -> out.write(ArchiveJson.MAPPER.writeValueAsString(report)));
  }

  private interface Body {
    void write(BufferedWriter out) throws IOException;
  }

  /** Written under a temporary name, then renamed: a crash never leaves half a file. */
  private void write(String name, Body body) {
    try {
      Files.createDirectories(directory);
      Path temp = Files.createTempFile(directory, "." + name.substring(1) + ".", ".part");
      try (BufferedWriter out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        body.write(out);
      }
      Files.move(
          temp,
          directory.resolve(name),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the audit in " + directory, e);
    }
  }
}
