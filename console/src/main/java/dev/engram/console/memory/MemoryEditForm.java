package dev.engram.console.memory;

import dev.engram.console.client.Wire;

/**
 * The in-place edit form as the person filled it in: kept as typed, so a refused edit shows it
 * again. {@code version} is the memory's version the person saw.
 */
public record MemoryEditForm(String text, String category, String confidence, long version) {

  static MemoryEditForm of(Wire.Memory memory) {
    return new MemoryEditForm(
        memory.text(), memory.category(), Double.toString(memory.confidence()), memory.version());
  }

  public java.util.List<String> categories() {
    return MemoryPages.CATEGORIES;
  }

  /** The same values, to be sent over {@code version} (after the person saw it). */
  MemoryEditForm at(long newVersion) {
    return new MemoryEditForm(text, category, confidence, newVersion);
  }

  /** What to fix before anything is sent; null when it can be sent. */
  String problem() {
    if (text == null || text.isBlank()) {
      return "Enter the text.";
    }
    if (category == null || !MemoryPages.CATEGORIES.contains(category)) {
      return "Choose one of the categories.";
    }
    Double c = number();
    if (c == null || c < 0 || c > 1) {
      return "The confidence is a number from 0 to 1, such as 0.8.";
    }
    return null;
  }

  Wire.MemoryEdit edit() {
    return new Wire.MemoryEdit(text.strip(), category, number(), version);
  }

  private Double number() {
    try {
      return confidence == null ? null : Double.valueOf(confidence.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
