package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.bench.EngramApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class ProcessCpuTest {

  @Test
  void ticksAreUserSystemAndChildrenCountedAfterTheCommandName() {
    // a command name with spaces and a parenthesis must not shift the fields
    String stat =
        "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 150 25 7 3 20 0 40 0 500 0 0";
    assertEquals(150 + 25 + 7 + 3, ProcessCpu.parseTicks(stat));
  }

  @Test
  @EnabledOnOs(OS.LINUX)
  void perUnitFiguresAreTheCpuThisProcessUsedBetweenTwoReads(@TempDir Path home)
      throws IOException {
    Files.createDirectories(home.resolve("run"));
    Files.writeString(home.resolve("run/recall.pid"), ProcessHandle.current().pid() + "\n");
    Files.writeString(home.resolve("run/graph.pid"), "999999999\n"); // no such process
    ProcessCpu before = ProcessCpu.read(home);
    // burn 300 ms of this thread's CPU (not of wall time: the machine may be busy)
    var threads = ManagementFactory.getThreadMXBean();
    long until = threads.getCurrentThreadCpuTime() + 300_000_000L;
    double sink = 0;
    while (threads.getCurrentThreadCpuTime() < until) {
      for (int i = 0; i < 10_000; i++) {
        sink += Math.sqrt(sink + i);
      }
    }
    ProcessCpu after = ProcessCpu.read(home);

    var perUnit = after.msPer(before, 1);
    assertTrue(perUnit.get("recall") >= 280, "busy 300 ms, measured " + perUnit.get("recall"));
    assertTrue(Double.isNaN(perUnit.get("graph")), "a dead pid is unknown, not zero");
    assertTrue(Double.isNaN(perUnit.get("capture")), "no pid file is unknown");

    var bytes = new ByteArrayOutputStream();
    var report = EngramApi.JSON.createObjectNode();
    after.print(before, 2, "document", 1.5, "1.0 2.0 3.0", new PrintStream(bytes, true), report);
    String line = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(line.startsWith("  CPU per document: capture ? ms, recall "), line);
    assertTrue(line.contains(" ms (model 1.50 ms), graph ? ms"), line);
    assertTrue(line.contains("(2 documents; load average 1.0 2.0 3.0)"), line);
    assertEquals(perUnit.get("recall") / 2, report.get("recall_ms").asDouble(), 1e-9);
    assertTrue(report.get("graph_ms").isNull());
    assertTrue(sink > 0);
  }
}
