package dev.engram.capture.session;

import dev.engram.capture.exchange.Exchange;
import java.util.List;

/**
 * What a stretch of a session was about: its turns (oldest first), key topics, open commitments.
 */
record SessionDigest(List<Exchange> turns, List<String> topics, List<String> open) {}
