package dev.engram.launcher;

import picocli.CommandLine.Option;

/** {@code --agent/--chat/--thread}: whom a memory or session verb speaks for. */
final class Who {

  /** Who the CLI speaks for when {@code --agent} is not given (the memory verbs). */
  static final String DEFAULT_AGENT = "cli";

  @Option(names = "--agent", paramLabel = "A", description = "the agent (memory verbs: cli)")
  String agent;

  @Option(names = "--chat", paramLabel = "C", description = "the chat")
  String chat;

  @Option(names = "--thread", paramLabel = "T", description = "the thread")
  String thread;

  /** The agent, or {@link #DEFAULT_AGENT}. */
  String agentOrDefault() {
    return agent == null ? DEFAULT_AGENT : agent;
  }
}
