package dev.engram.common.config;

import java.util.Locale;
import org.eclipse.microprofile.config.spi.Converter;

/** One predicate of a configured list, as facts carry it; null (dropped) when blank. */
public final class PredicateName implements Converter<String> {

  @Override
  public String convert(String value) {
    String predicate = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    return predicate.isEmpty() ? null : predicate;
  }
}
