package dev.engram.console.session;

import java.util.List;

/**
 * What the pages may show of the signed-in person: never their key, only who it is and the token
 * their forms carry back.
 */
public record Person(String keyId, String tenant, List<String> roles, String csrf) {

  /**
   * An ops key of tenant {@code *}: it may see the ops pages (backups and the audit span every
   * tenant) and, if capture lets it, the health page, but no tenant's pages.
   */
  public boolean suiteOperator() {
    return "*".equals(tenant);
  }

  static Person of(ConsoleSession s) {
    return new Person(s.keyId(), s.tenant(), s.roles(), s.csrfToken());
  }
}
