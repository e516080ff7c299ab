package dev.engram.recall.recall;

import static dev.engram.recall.IndexFixture.AGENT_T1_KEY;
import static dev.engram.recall.IndexFixture.index;
import static dev.engram.recall.IndexFixture.memory;
import static dev.engram.recall.IndexFixture.reset;
import static dev.engram.recall.IndexFixture.upsert;
import static dev.engram.recall.IndexFixture.with;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.engram.recall.RecallTestResources;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Small chats with obvious questions, through recall with the service's default settings and the
 * real model: the obvious answer comes first, every time, whatever order the memories arrived in.
 *
 * <p>What they guard: a list that does not separate its candidates must not decide the answer. In a
 * chat whose memories all name one person, the person's name is the only word most questions share
 * with any memory; BM25 then ranks every memory by length alone, and before the common-term rule (a
 * query term in more than 80 % of what the chat may see is left out of the keyword list) that
 * noise, at the keyword list's weight of 2, beat the semantic list's clear first place.
 */
@QuarkusTest
@QuarkusTestResource(RecallTestResources.class)
class ObviousAnswersTest {

  private static final String AGENT = "obvious-bot";

  /** One person, a dozen facts; each question shares no word with its answer but the name. */
  private static final String[] MARTA = {
    "Marta works as a nurse at the city hospital.",
    "Marta's daughter Ines is seven years old.",
    "Marta is allergic to peanuts.",
    "Marta drives a blue Toyota Corolla.",
    "Marta was born on 14 March 1988.",
    "Marta plays the cello in a community orchestra.",
    "Marta's favourite dish is grilled sardines with salad.",
    "Marta lives in Porto, close to the river.",
    "Marta is married to Rui, a carpenter.",
    "Marta runs a half marathon every October.",
    "Marta speaks Portuguese, English and some German.",
    "Marta adopted a grey cat named Pixel in 2021."
  };

  @Test
  void onePersonADozenFacts() {
    String chat = "obvious:marta";
    store(chat, List.of(MARTA), 11);
    assertFirst(chat, "What is Marta's profession?", MARTA[0]);
    assertFirst(chat, "Does Marta have children?", MARTA[1]);
    assertFirst(chat, "What is Marta allergic to?", MARTA[2]);
    assertFirst(chat, "What car does Marta own?", MARTA[3]);
    assertFirst(chat, "When is Marta's birthday?", MARTA[4]);
    assertFirst(chat, "Which musical instrument does Marta play?", MARTA[5]);
    assertFirst(chat, "Who is Marta's husband?", MARTA[8]);
    assertFirst(chat, "Which languages does Marta know?", MARTA[10]);
    assertFirst(chat, "Does Marta have a cat?", MARTA[11]);
  }

  @Test
  void onePersonInAnyArrivalOrder() {
    String chat = "obvious:marta-order";
    for (int seed : new int[] {1, 2, 3}) {
      index(reset("t1"));
      store(chat, List.of(MARTA), seed);
      assertFirst(chat, "What is Marta's profession?", MARTA[0]);
      assertFirst(chat, "What car does Marta own?", MARTA[3]);
      assertFirst(chat, "Who is Marta's husband?", MARTA[8]);
    }
  }

  /** Three people in one chat: the question's person and the question's attribute both count. */
  @Test
  void severalPeople() {
    String chat = "obvious:people";
    List<String> facts =
        List.of(
            "Bruno is a pilot for a cargo airline.",
            "Bruno has two sons who play football.",
            "Bruno lives in a flat in Lyon.",
            "Bruno collects old vinyl records.",
            "Chen teaches mathematics at a secondary school.",
            "Chen has a daughter at university.",
            "Chen lives in a house in Vancouver.",
            "Chen grows tomatoes and peppers in his garden.",
            "Dana is a software engineer at a bank.",
            "Dana has no children but three nephews.",
            "Dana lives on a boat in Amsterdam.",
            "Dana paints watercolour landscapes.");
    store(chat, facts, 5);
    assertFirst(chat, "What subject does Chen teach?", facts.get(4));
    assertFirst(chat, "Where does Dana live?", facts.get(10));
    assertFirst(chat, "What does Bruno collect?", facts.get(3));
    assertFirst(chat, "Where does Bruno reside?", facts.get(2));
    assertFirst(chat, "What is Dana's profession?", facts.get(8));
  }

  /** Numbers and dates: the answer holds the number the question asks about. */
  @Test
  void numbersAndDates() {
    String chat = "obvious:numbers";
    List<String> facts =
        List.of(
            "The team meeting moved to Thursday at 3 pm.",
            "The office wifi password is changed every 30 days.",
            "Our flight to Madrid leaves on 12 June at 07:40.",
            "The rent of 950 euros is due on the first of the month.",
            "Sam's passport expires in August 2027.",
            "The dentist appointment is on 3 May at 10:15.",
            "The garage quoted 420 euros for the new brakes.",
            "Lena's birthday party is on Saturday 21 September.");
    store(chat, facts, 9);
    assertFirst(chat, "When does the plane to Madrid depart?", facts.get(2));
    assertFirst(chat, "How much is the rent?", facts.get(3));
    assertFirst(chat, "When does Sam's passport run out?", facts.get(4));
    assertFirst(chat, "What did the mechanic charge for the brakes?", facts.get(6));
    assertFirst(chat, "What time is the dentist?", facts.get(5));
  }

  private static void store(String chat, List<String> texts, int seed) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < texts.size(); i++) {
      order.add(i);
    }
    Collections.shuffle(order, new Random(seed));
    Instant now = Instant.parse("2026-11-27T10:00:00Z");
    for (int i : order) { // one by one, so arrival order is index order
      index(
          upsert(
              with(
                  memory(
                      "t1",
                      5000 + Math.abs(chat.hashCode() % 1000) * 100L + i,
                      AGENT,
                      chat,
                      texts.get(i)),
                  "category",
                  "PROFILE",
                  "created_at",
                  now.plusSeconds(i).toString())));
    }
  }

  private static void assertFirst(String chat, String query, String expected) {
    List<Map<String, Object>> items =
        given()
            .contentType(ContentType.JSON)
            .header("Authorization", "Bearer " + AGENT_T1_KEY)
            .body(Map.of("agent", AGENT, "chat", chat, "query", query, "k", 5))
            .when()
            .post("/v1/recall")
            .then()
            .statusCode(200)
            .extract()
            .path("items");
    assertTrue(!items.isEmpty(), query + ": nothing found");
    StringBuilder found = new StringBuilder();
    items.forEach(
        i -> found.append("\n  ").append(i.get("text")).append(' ').append(i.get("signals")));
    assertEquals(expected, items.getFirst().get("text"), query + " ->" + found);
  }
}
