package dev.engram.capture.promotion;

/**
 * What a promoted item becomes: part of the agent's identity (PROFILE memories, facts drawn from
 * them) or a canonical fact (KNOWLEDGE memories and other facts: PARA's areas and resources).
 */
public enum PromotionKind {
  IDENTITY,
  CANONICAL
}
