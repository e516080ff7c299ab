package dev.engram.recall.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;

/**
 * The keyword (BM25) list's rules for a list that does not separate its candidates (embedded
 * Lucene; docs/benchmarks/reads-and-writes.md, "Keyword lists that do not separate their
 * candidates").
 */
@ConfigMapping(prefix = "engram.recall.keyword")
public interface KeywordConfig {

  /**
   * A query term that more than this share of what the chat may see contains is left out of the
   * keyword list (1 keeps every term). At 0.8 the dev file's turn@10 is unchanged on both halves;
   * at 0.5 half A lost 0.005 (speaker names sit in about half of a chat's turns).
   */
  @WithDefault("0.8")
  @DecimalMin("0.0")
  @DecimalMax("1.0")
  double commonTermShare();

  /** Hits that contain only the query's names (the same ones) tie instead of ranking by length. */
  @WithDefault("true")
  boolean nameTies();
}
