package dev.engram.recall.context;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class SkipReasonTest {

  @Test
  void aSkippedSourceAlwaysSaysWhy() {
    assertEquals(
        "capture-service answered 503",
        RemoteParts.reason(new IllegalStateException("capture-service answered 503")));
    assertEquals("did not answer in time", RemoteParts.reason(new TimeoutException()));
    assertEquals("failed (NullPointerException)", RemoteParts.reason(new NullPointerException()));
    assertEquals(
        "failed (IllegalStateException)", RemoteParts.reason(new IllegalStateException(" ")));
  }
}
