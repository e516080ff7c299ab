package dev.engram.common.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ApiKeyRegistryTest {

  private static final String SHA = ApiKeyRegistry.sha256Hex("secret");

  @Test
  void parsesKeysWithTenantAndRoles() {
    Map<String, ApiKey> keys =
        ApiKeyRegistry.parse(
            List.of(
                "bot-1:acme:agent:" + SHA,
                " ops:acme:agent+admin+ops:" + ApiKeyRegistry.sha256Hex("other") + " ",
                "svc:*:internal:" + ApiKeyRegistry.sha256Hex("internal"),
                "suite-ops:*:ops:" + ApiKeyRegistry.sha256Hex("suite-ops")));
    ApiKey key = keys.get(SHA);
    assertEquals("bot-1", key.id());
    assertEquals("acme", key.tenant());
    assertEquals(Set.of("agent"), key.roles());
    assertEquals(
        Set.of("agent", "admin", "ops"), keys.get(ApiKeyRegistry.sha256Hex("other")).roles());
    assertEquals("*", keys.get(ApiKeyRegistry.sha256Hex("suite-ops")).tenant());
    assertEquals(4, keys.size());
  }

  @Test
  void hashesAreLowerCaseHexOfTheUtf8Key() {
    assertEquals("2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b", SHA);
    assertEquals(
        SHA,
        ApiKeyRegistry.parse(List.of("a:t:agent:" + SHA.toUpperCase())).keySet().iterator().next());
  }

  @Test
  void malformedEntriesStopStartUpWithAMessageNamingThem() {
    List<String> bad =
        List.of(
            "missing-parts:" + SHA,
            "k:acme:wizard:" + SHA,
            "k:acme:agent:not-a-hash",
            "k:*:agent:" + SHA,
            "k:*:admin:" + SHA,
            "k:*:ops+admin:" + SHA,
            "k:*:internal+ops:" + SHA,
            "k:acme:internal:" + SHA,
            "bad id!:acme:agent:" + SHA);
    for (String entry : bad) {
      IllegalStateException e =
          assertThrows(IllegalStateException.class, () -> ApiKeyRegistry.parse(List.of(entry)));
      assertTrue(e.getMessage().startsWith("engram.auth.keys: invalid entry"), e.getMessage());
    }
    assertThrows(
        IllegalStateException.class,
        () ->
            ApiKeyRegistry.parse(
                List.of("same:a:agent:" + SHA, "same:b:agent:" + ApiKeyRegistry.sha256Hex("x"))));
  }
}
