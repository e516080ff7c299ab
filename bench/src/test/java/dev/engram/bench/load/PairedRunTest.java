package dev.engram.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.engram.bench.EngramApi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairedRunTest {

  @Test
  void bothSidesDoEveryCallInAlternationAndWhoGoesFirstAlternatesToo() throws Exception {
    List<String> calls = new ArrayList<>();
    PairedRun.Result r =
        PairedRun.run(
            i -> {
              calls.add("mcp " + i);
              return EngramApi.JSON.readTree("{\"took_ms\":" + i + "}");
            },
            i -> {
              calls.add("rest " + i);
              return EngramApi.JSON.nullNode();
            },
            4,
            3);
    assertEquals(List.of("mcp 4", "rest 4", "rest 5", "mcp 5", "mcp 6", "rest 6"), calls);
    assertEquals(3, r.mcp().client().count());
    assertEquals(3, r.rest().client().count());
    assertEquals(5.0, r.mcp().server().percentile(50), "the server's took_ms where answered");
    assertEquals(0, r.rest().server().count());
  }
}
