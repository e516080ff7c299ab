package dev.engram.capture.slot;

import dev.engram.common.error.EngramException;
import dev.engram.common.web.Names;

/**
 * Which slot: the agent it belongs to, its owner (the tenant, the agent, a chat, a session or a
 * thread) and name. A tenant's slot belongs to no agent: its agent is {@link #NO_AGENT}.
 */
public record SlotAddress(String agent, SlotOwner ownerType, String ownerId, String name) {

  /** The agent of a tenant's slot (the column is never null; no client name is empty). */
  static final String NO_AGENT = "";

  /** A slot of an agent, or of one of its chats, sessions or threads. */
  public static SlotAddress of(String agent, SlotOwner ownerType, String ownerId, String name) {
    requireName("agent", agent, Names.PATTERN, Names.MESSAGE);
    requireName("owner_id", ownerId, Names.PATTERN, Names.MESSAGE);
    requireSlotName(name);
    return new SlotAddress(agent, ownerType, ownerId, name);
  }

  /** A global note of the tenant (name null: all of them). */
  static SlotAddress ofTenant(String tenant, String name) {
    requireSlotName(name);
    return new SlotAddress(NO_AGENT, SlotOwner.TENANT, tenant, name);
  }

  static SlotOwner owner(String plural) {
    return switch (plural) {
      case "chats" -> SlotOwner.CHAT;
      case "sessions" -> SlotOwner.SESSION;
      case "threads" -> SlotOwner.THREAD;
      default -> throw new IllegalArgumentException(plural);
    };
  }

  private static void requireSlotName(String name) {
    if (name != null) {
      requireName("name", name, Names.SLUG, "must be a lower-case slug such as working_memory");
    }
  }

  private static void requireName(String field, String value, String pattern, String message) {
    if (value == null || !value.matches(pattern)) {
      throw EngramException.invalid(field, "Pattern", message);
    }
  }

  @Override
  public String toString() {
    String owner = ownerType.name().toLowerCase(java.util.Locale.ROOT) + "/" + ownerId + "/" + name;
    return ownerType == SlotOwner.TENANT ? owner : agent + "/" + owner;
  }
}
