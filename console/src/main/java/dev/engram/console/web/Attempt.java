package dev.engram.console.web;

import dev.engram.console.client.ServiceCallFailed;
import java.util.function.Supplier;

/**
 * One part of a page read from a service: its value, or what the service said instead (e.g. that
 * the key's role may not read it), so the rest of the page still shows.
 */
public record Attempt<T>(T value, String message) {

  public static <T> Attempt<T> of(Supplier<T> call) {
    try {
      return new Attempt<>(call.get(), null);
    } catch (ServiceCallFailed e) {
      return new Attempt<>(null, e.service() + ": " + e.detail());
    }
  }

  public boolean ok() {
    return message == null;
  }
}
