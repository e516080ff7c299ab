package dev.engram.common.auth;

import java.util.Set;

/** A configured API key: its public id, the tenant it acts for, its roles and its sha256. */
public record ApiKey(String id, String tenant, Set<String> roles, String sha256) {

  /**
   * Tenant of internal keys (they act for whichever tenant a record belongs to) and of the suite's
   * operator keys (ops across every tenant: whole-suite backups and restores).
   */
  public static final String ANY_TENANT = "*";
}
