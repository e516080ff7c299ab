package dev.engram.capture.slot;

/**
 * What a slot belongs to, from the widest to the narrowest (context shows them in this order): the
 * tenant (global notes, written by admins), the agent itself, one chat, one session (run) or one
 * thread (project).
 */
public enum SlotOwner {
  TENANT,
  AGENT,
  CHAT,
  SESSION,
  THREAD
}
