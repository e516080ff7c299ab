package dev.engram.common.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class UrlRulesTest {

  @Test
  void aNulInAQueryValueNamesItsParameter() {
    assertEquals(
        Optional.of("operation"), UrlRules.offending("/v1/audit", "limit=5&operation=a%00b"));
    assertEquals(Optional.of("agent"), UrlRules.offending("/v1/memories", "agent=%00"));
  }

  @Test
  void aNulInAParameterNameOrThePathIsRefusedToo() {
    assertEquals(Optional.of("query"), UrlRules.offending("/v1/memories", "a%00b=1"));
    assertEquals(Optional.of("path"), UrlRules.offending("/v1/memories/1%002", null));
  }

  @Test
  void ordinaryAndMalformedEscapesPass() {
    assertEquals(Optional.empty(), UrlRules.offending("/v1/memories", "chat=telegram%3A1&q=a+b"));
    assertEquals(Optional.empty(), UrlRules.offending("/v1/memories", "q=100%"));
    assertEquals(Optional.empty(), UrlRules.offending("/v1/days/2026-05-08", ""));
  }
}
