package dev.engram.capture.promotion;

/** Where a proposal stands; APPROVED and REJECTED are final. */
public enum PromotionStatus {
  PENDING,
  APPROVED,
  REJECTED
}
