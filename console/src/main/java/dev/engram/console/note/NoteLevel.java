package dev.engram.console.note;

import dev.engram.console.client.Paths;
import dev.engram.console.client.Query;
import dev.engram.console.web.FormValues;
import java.util.List;

/**
 * Which notes: the tenant's, an agent's, or those of one of its chats, threads or sessions (capture
 * calls them slots). {@code level} is null until the person picks a known one.
 */
public record NoteLevel(String level, String agent, String owner) {

  static final List<String> LEVELS = List.of("tenant", "agent", "chat", "thread", "session");

  static NoteLevel of(String level, String agent, String owner) {
    String known = level != null && LEVELS.contains(level) ? level : null;
    return new NoteLevel(
        known,
        "tenant".equals(known) ? null : FormValues.stripped(agent),
        "tenant".equals(known) || "agent".equals(known) ? null : FormValues.stripped(owner));
  }

  public List<String> levels() {
    return LEVELS;
  }

  /** What is still missing to name the level, for a person to fill in; null when nothing is. */
  public String missing() {
    if (level == null) {
      return "Choose a level.";
    }
    if (!level.equals("tenant") && agent == null) {
      return "Notes of " + level + " level need an agent.";
    }
    if (!level.equals("tenant") && !level.equals("agent") && owner == null) {
      return "Notes of a " + level + " need its id.";
    }
    return null;
  }

  /** Capture's path of this level's slots. */
  String slotsPath() {
    return switch (level) {
      case "tenant" -> "/v1/tenant/slots";
      case "agent" -> "/v1/agents/" + Paths.segment(agent) + "/slots";
      default ->
          "/v1/agents/"
              + Paths.segment(agent)
              + "/"
              + level
              + "s/"
              + Paths.segment(owner)
              + "/slots";
    };
  }

  /** This level as the console's query string (for links between the notes pages). */
  public String query() {
    return Query.of().add("level", level).add("agent", agent).add("owner", owner).toString();
  }

  /** The level and one note's name as the console's query string. */
  public String query(String name) {
    return Query.of()
        .add("level", level)
        .add("agent", agent)
        .add("owner", owner)
        .add("name", name)
        .toString();
  }

  /** What a person reads as the level's name. */
  public String title() {
    if (level == null) {
      return "Notes";
    }
    return switch (level) {
      case "tenant" -> "The tenant's notes";
      case "agent" -> "Notes of agent " + agent;
      default -> "Notes of " + level + " " + owner + " (agent " + agent + ")";
    };
  }
}
