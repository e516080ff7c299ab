package dev.engram.recall.mcp;

/**
 * MicroClaw's chat ids (its own i64 chat keys) as Engram chats of the gateway's agent: chat n is
 * {@code microclaw:n}; MicroClaw's null chat is the agent's AGENT scope, seen in all its chats.
 */
final class MicroClawChats {

  private static final String PREFIX = "microclaw:";

  private MicroClawChats() {}

  static String chat(long chatId) {
    return PREFIX + chatId;
  }

  /** The MicroClaw chat id of an Engram chat, or null when the chat is not one of MicroClaw's. */
  static Long chatId(String chat) {
    if (chat == null || !chat.startsWith(PREFIX)) {
      return null;
    }
    try {
      long id = Long.parseLong(chat.substring(PREFIX.length()));
      return chat.equals(chat(id)) ? id : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
