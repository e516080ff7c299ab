package dev.engram.capture.exchange;

import java.time.Instant;
import java.util.List;

/** The turns around {@code around}, oldest first. */
record Episode(Instant around, List<ExchangeView> items) {}
