package dev.engram.common.error;

/**
 * One broken rule in a request: the JSON path of the field (e.g. {@code exchanges[2].text}), the
 * rule's name (e.g. {@code NotBlank}, {@code max_items}) and a message saying what to fix.
 */
public record FieldViolation(String field, String rule, String message) {}
