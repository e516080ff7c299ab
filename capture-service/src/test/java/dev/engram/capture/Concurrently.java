package dev.engram.capture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Requests sent at the same moment from several clients, for the race tests (issue 28). */
public final class Concurrently {

  private Concurrently() {}

  /** Runs the calls at the same moment, answers in the calls' order. */
  public static List<Response> together(List<Callable<Response>> calls) throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(calls.size());
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Response>> answers = new ArrayList<>();
      for (Callable<Response> call : calls) {
        answers.add(
            clients.submit(
                () -> {
                  start.await();
                  return call.call();
                }));
      }
      start.countDown();
      List<Response> done = new ArrayList<>();
      for (Future<Response> answer : answers) {
        done.add(answer.get());
      }
      return done;
    } finally {
      clients.shutdownNow();
    }
  }

  /** One of the allowed statuses, and a refusal is problem+json (never a 500). */
  public static void assertAnswer(String what, Response r, Set<Integer> allowed) {
    int status = r.statusCode();
    assertTrue(allowed.contains(status), what + " answered " + status + ": " + r.asString());
    if (status >= 400) {
      assertTrue(
          r.contentType().startsWith("application/problem+json"),
          what + " answered " + r.contentType());
    }
  }
}
