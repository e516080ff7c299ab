package dev.engram.common.web;

/**
 * The shape of identifiers clients choose: agents, chats, threads, sessions, speakers; and of slot
 * names and sources. capture-service stores them; every service that takes one from a client holds
 * it to the same rule.
 */
public final class Names {

  /** 1 to 200 printable characters, not starting with white space. */
  public static final String PATTERN = "^[^\\p{Cntrl}\\s][^\\p{Cntrl}]{0,199}$";

  /** Slot names and sources: lower-case words. */
  public static final String SLUG = "^[a-z][a-z0-9_.-]{0,63}$";

  public static final String MESSAGE = "must be 1-200 printable characters";

  private Names() {}
}
