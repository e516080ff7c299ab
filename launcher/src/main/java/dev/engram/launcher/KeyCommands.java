package dev.engram.launcher;

import dev.engram.launcher.ApiKeysFile.Entry;
import java.io.IOException;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./engram key create --tenant T --roles agent[,admin,ops] | list | revoke ID}: API keys for
 * more tenants and gateways (and, with {@code --tenant '*' --roles ops}, for operators of the whole
 * suite), kept in {@link ApiKeysFile}. A new key is printed once, on its own line on stdout ({@code
 * KEY=$(./engram key create ...)} works); only its hash is stored. Exit codes: 0 done, 1 refused
 * (no such key), 2 usage error.
 */
@Command(
    name = "key",
    description = "API keys (the services pick changes up within a second, no restart)")
final class KeyCommands {

  /** The same rule as common's ApiKeyRegistry and the tenant of every record. */
  private static final Pattern TENANT = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  /**
   * The tenant of an operator key for the whole suite (vault's whole-suite backups and restores);
   * ApiKeyRegistry accepts it with the ops role alone.
   */
  private static final String EVERY_TENANT = "*";

  /** {@code internal} is the services' own role (any tenant): never handed out here. */
  private static final Set<String> CREATABLE_ROLES = Set.of("agent", "admin", "ops");

  /** The suite's own keys live in ENGRAM_AUTH_KEYS, not in the file. */
  private static final Set<String> SUITE_KEY_IDS =
      Set.of(
          ComponentCommands.ADMIN_KEY_ID,
          ComponentCommands.OPS_KEY_ID,
          ComponentCommands.INTERNAL_KEY_ID);

  private static final SecureRandom RANDOM = new SecureRandom();

  private final ApiKeysFile keys;
  private final PrintStream out;
  private final PrintStream err;
  private final Clock clock;

  KeyCommands(ApiKeysFile keys, PrintStream out, PrintStream err, Clock clock) {
    this.keys = keys;
    this.out = out;
    this.err = err;
    this.clock = clock;
  }

  @Command(
      name = "create",
      description = "make a key, print it once (only its hash is kept)",
      customSynopsis = "./engram key create --tenant T --roles agent[,admin,ops]")
  int create(
      @Option(names = "--tenant", paramLabel = "T", description = "its tenant (* for operators)")
          String tenant,
      @Option(names = "--roles", paramLabel = "ROLES", description = "agent, admin, ops")
          String rolesGiven)
      throws IOException {
    if (tenant == null || !(TENANT.matcher(tenant).matches() || tenant.equals(EVERY_TENANT))) {
      throw new UsageError(
          "--tenant must be 1-64 of A-Z a-z 0-9 . _ - or * (got "
              + (tenant == null ? "nothing" : "'" + tenant + "'")
              + ")");
    }
    List<String> roles = roles(rolesGiven);
    if (tenant.equals(EVERY_TENANT) && !roles.equals(List.of("ops"))) {
      throw new UsageError(
          "--tenant * is for the suite's operators: it goes with --roles ops alone (whole-suite"
              + " backups and restores)");
    }
    String secret = SuiteSecrets.newSecret(SuiteSecrets.KEY_PREFIX);
    Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
    String[] id = new String[1];
    keys.update(
        entries -> {
          Set<String> taken = new LinkedHashSet<>(SUITE_KEY_IDS);
          entries.forEach(e -> taken.add(e.id()));
          do {
            id[0] = newId();
          } while (taken.contains(id[0]));
          List<Entry> changed = new ArrayList<>(entries);
          changed.add(new Entry(id[0], tenant, roles, SuiteSecrets.sha256Hex(secret), now));
          return changed;
        });
    out.println(secret);
    err.printf(
        "Created key %s for tenant %s (roles %s). It is shown once: only its hash is kept, in %s."
            + " Running services accept it within a second.%n",
        id[0], tenant, String.join(",", roles), keys.path());
    return 0;
  }

  private static List<String> roles(String given) {
    if (given == null || given.isBlank()) {
      throw new UsageError("--roles is required: agent, admin, ops (comma-separated)");
    }
    Set<String> roles = new LinkedHashSet<>();
    for (String role : given.split("[,+]")) {
      String r = role.strip();
      if (r.equals("internal")) {
        throw new UsageError(
            "the internal role belongs to the services themselves and cannot be created");
      }
      if (!CREATABLE_ROLES.contains(r)) {
        throw new UsageError(
            "unknown role '" + r + "': roles are agent, admin, ops (comma-separated)");
      }
      roles.add(r);
    }
    return List.copyOf(roles);
  }

  @Command(name = "list", description = "id, tenant, roles, created of the keys made here")
  int list() throws IOException {
    List<Entry> entries = keys.read();
    if (entries.isEmpty()) {
      out.println(
          "No keys created yet (./engram key create --tenant T --roles agent). The suite's own"
              + " admin key is secrets/admin.key.");
      return 0;
    }
    out.printf("%-16s %-20s %-18s %s%n", "id", "tenant", "roles", "created");
    for (Entry e : entries) {
      out.printf(
          "%-16s %-20s %-18s %s%n",
          e.id(), e.tenant(), String.join(",", e.roles()), e.created() == null ? "-" : e.created());
    }
    return 0;
  }

  @Command(name = "revoke", description = "the services refuse that key from now on")
  int revoke(@Parameters(paramLabel = "ID") String id) throws IOException {
    if (SUITE_KEY_IDS.contains(id)) {
      err.println(
          "engram key revoke: "
              + id
              + " is one of the suite's own keys (secrets/admin.key, secrets/ops.key, secrets/internal.key),"
              + " not one made with key create: it cannot be revoked here");
      return 1;
    }
    Entry[] revoked = new Entry[1];
    keys.update(
        entries -> {
          List<Entry> kept = new ArrayList<>();
          for (Entry e : entries) {
            if (e.id().equals(id)) {
              revoked[0] = e;
            } else {
              kept.add(e);
            }
          }
          return kept;
        });
    if (revoked[0] == null) {
      err.println("engram key revoke: no key " + id + " (./engram key list shows them)");
      return 1;
    }
    out.println(
        "Revoked "
            + id
            + " (tenant "
            + revoked[0].tenant()
            + "): running services refuse it within a second.");
    return 0;
  }

  /** {@code key-} and 8 random hex digits: short enough to type, unique in practice. */
  private static String newId() {
    byte[] bytes = new byte[4];
    RANDOM.nextBytes(bytes);
    return "key-" + HexFormat.of().formatHex(bytes);
  }
}
