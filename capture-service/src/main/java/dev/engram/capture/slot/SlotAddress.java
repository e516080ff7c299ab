package dev.engram.capture.slot;

import dev.engram.capture.web.Names;
import dev.engram.common.error.EngramException;

/** Which slot: the agent it belongs to, its owner (the agent, a session or a thread) and name. */
record SlotAddress(String agent, SlotOwner ownerType, String ownerId, String name) {

  static SlotAddress of(String agent, SlotOwner ownerType, String ownerId, String name) {
    requireName("agent", agent, Names.PATTERN, Names.MESSAGE);
    requireName("owner_id", ownerId, Names.PATTERN, Names.MESSAGE);
    if (name != null) {
      requireName("name", name, Names.SLUG, "must be a lower-case slug such as working_memory");
    }
    return new SlotAddress(agent, ownerType, ownerId, name);
  }

  static SlotOwner owner(String plural) {
    return switch (plural) {
      case "sessions" -> SlotOwner.SESSION;
      case "threads" -> SlotOwner.THREAD;
      default -> throw new IllegalArgumentException(plural);
    };
  }

  private static void requireName(String field, String value, String pattern, String message) {
    if (value == null || !value.matches(pattern)) {
      throw EngramException.invalid(field, "Pattern", message);
    }
  }

  @Override
  public String toString() {
    return agent
        + "/"
        + ownerType.name().toLowerCase(java.util.Locale.ROOT)
        + "/"
        + ownerId
        + "/"
        + name;
  }
}
