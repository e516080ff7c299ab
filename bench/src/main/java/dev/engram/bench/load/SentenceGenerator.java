package dev.engram.bench.load;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Synthetic but realistic memories and recall queries: sentences about people, places, projects and
 * decisions from templates and word lists, so that texts vary in words and length like an agent's
 * memories do. Seeded and indexed: memory {@code i} of seed {@code s} is always the same text,
 * which makes an interrupted ingest resumable. No external data.
 */
final class SentenceGenerator {

  /** One memory to write: a CHAT memory when {@code chat} is set, else an AGENT memory. */
  record SyntheticMemory(String category, String text, String chat) {}

  /** A recall query in an agent's words; {@code chat} is where it is asked. */
  record SyntheticQuery(String query, String chat) {}

  /** {@code {slot}} from {@link #SLOTS}, or {@code {a-b}} for a number in that range. */
  private static final Pattern SLOT = Pattern.compile("\\{([a-z]+|\\d+-\\d+)}");

  /** Category, then template. */
  private static final List<String[]> MEMORIES =
      List.of(
          t("PROFILE", "{person} prefers {drink} over {drink} and usually has it {when}."),
          t("PROFILE", "{person} lives in {city} with a {pet} named {petname}."),
          t(
              "PROFILE",
              "{person} is allergic to {allergen}; avoid suggesting {food} unless the"
                  + " menu says it is safe."),
          t("PROFILE", "{person} works as a {job} at {company} and mostly writes {plang}."),
          t("PROFILE", "{person}'s favourite way to spend a {weekday} evening is {hobby}."),
          t(
              "PROFILE",
              "{person} is learning {language} and practises for {10-59} minutes every"
                  + " morning."),
          t(
              "PROFILE",
              "{person} plays the {instrument} in a {genre} band that rehearses on"
                  + " {weekday}s."),
          t(
              "PROFILE",
              "{person} does not want messages before {6-9} am or after {8-10} pm,"
                  + " except for production incidents."),
          t(
              "EVENT",
              "In {date} {person} moved from {city} to {city} to start as a {job} at"
                  + " {company}."),
          t(
              "EVENT",
              "{person} ran the {city} half marathon in {date} and finished in {85-154}"
                  + " minutes."),
          t("EVENT", "{person} and {person} met at a {hobby} meetup in {city} in {date}."),
          t(
              "EVENT",
              "The {project} release in {date} slipped a week because the {component} ran"
                  + " out of {resource}; {person} wrote the post-mortem."),
          t("EVENT", "{person} adopted a {pet} called {petname} in {date}."),
          t("EVENT", "{person}'s {relative} visited from {city} for {2-13} days in {month}."),
          t(
              "KNOWLEDGE",
              "The {project} service keeps its {data} in {store} and is owned by the"
                  + " {team} team; ask {person} for access."),
          t(
              "KNOWLEDGE",
              "To restart the {component} of {project}, run the {tool} job and wait"
                  + " about {2-16} minutes for health checks ({person} wrote the runbook)."),
          t(
              "KNOWLEDGE",
              "{project} depends on {project} for authentication; when it is down the"
                  + " {component} fails, as {person} found in {date}."),
          t(
              "KNOWLEDGE",
              "The {team} team's on-call rotation changes every {weekday} at {8-11} am;"
                  + " {person} keeps the schedule."),
          t(
              "KNOWLEDGE",
              "{company}'s office in {city} is on floor {1-30}; visitors sign in with"
                  + " {person}."),
          t(
              "KNOWLEDGE",
              "The {2024-2026} budget for {project} is {20-499}k euros, approved by"
                  + " {person}."),
          t("DECISION", "{person} decided to move {project} from {store} to {store} by {date}."),
          t(
              "DECISION",
              "We agreed that the new {component} for {project} ships behind a feature"
                  + " flag until {person} signs off."),
          t(
              "DECISION",
              "The {team} team stops supporting {plang} services on the old runtime"
                  + " after {date}, announced by {person}."),
          t("DECISION", "{person} chose {tool} over {tool} for {project} because of {reason}."));

  private static final List<String> QUERIES =
      List.of(
          "What does {person} like to drink?",
          "Where does {person} live now?",
          "Which team owns the {project} service?",
          "When did {person} move to {city}?",
          "How do I restart the {component} of {project}?",
          "What did we decide about {project} and {store}?",
          "Who is on call for the {team} team this week?",
          "Is {person} allergic to anything?",
          "What instrument does {person} play?",
          "Why was the {project} release delayed?",
          "What is the budget for {project}?",
          "What does {person} do on {weekday} evenings?");

  private static final Map<String, List<String>> SLOTS =
      Map.ofEntries(
          slot(
              "first",
              "Alice Bruno Chen Dana Emeka Farah Gustavo Hana Igor Jana Kofi Lena Mateo"
                  + " Nadia Omar Priya Quentin Rosa Sami Tomas Uma Victor Wen Ximena Yusuf Zoe Aiko"
                  + " Ben Carmen Dmitri Elif Felix Greta Hugo Ines Jonas Kamala Liam Mira Noah Olga"
                  + " Pavel Rania Stefan Tariq Ursula Valentina Wiktor Yara Zeynep"),
          slot(
              "last",
              "Almeida Berg Costa Dubois Eriksen Fischer Garcia Haddad Ivanova Jensen"
                  + " Kowalski Lopez Moreau Nakamura Okafor Petrov Quinn Rossi Santos Tanaka Ueda"
                  + " Vargas Weber Xu Yilmaz Zimmermann Novak Silva Mensah Kaur"),
          slot(
              "city",
              "Lisbon Porto Berlin Hamburg Lyon Marseille Madrid Valencia Milan Turin"
                  + " Vienna Prague Warsaw Krakow Oslo Bergen Helsinki Tallinn Riga Dublin Cork"
                  + " Glasgow Leeds Ghent Utrecht Zurich Geneva Seoul Osaka Kyoto Nairobi Lagos Accra"
                  + " Toronto Montreal Denver Austin Seattle Portland Boston Lima Bogota Santiago"
                  + " Melbourne Auckland"),
          slot(
              "drink",
              "espresso|green tea|oat-milk latte|sparkling water|rooibos|cold brew|chai"
                  + "|mint tea|hot chocolate|kombucha|flat white|matcha|black coffee|ginger beer"),
          slot(
              "food",
              "sushi|ramen|tacos|falafel|risotto|pho|dumplings|paella|curry|pierogi"
                  + "|shakshuka|bibimbap|lasagne|empanadas|ceviche|pad thai|goulash|moussaka"),
          slot("allergen", "peanuts shellfish gluten lactose sesame soy eggs kiwi mustard celery"),
          slot(
              "hobby",
              "bouldering|sourdough baking|trail running|chess|birdwatching|pottery"
                  + "|salsa dancing|woodworking|astronomy|sailing|knitting|photography|board games"
                  + "|gardening|cycling|open-water swimming|calligraphy|beekeeping"),
          slot(
              "job",
              "backend engineer|data scientist|product manager|nurse|architect|teacher"
                  + "|designer|site reliability engineer|accountant|lawyer|chef|translator"
                  + "|pharmacist|electrician|researcher"),
          slot(
              "company",
              "Northwind Globex Initech Umbrella Hooli Vandelay Acme Stark Wayne"
                  + " Tyrell Cyberdyne Soylent Wonka Gringotts Oscorp Aperture Monarch Nakatomi"
                  + " Virtucon Pied-Piper"),
          slot(
              "project",
              "Atlas Borealis Cobalt Dynamo Ember Falcon Granite Helios Iris Juniper"
                  + " Kestrel Lumen Meridian Nimbus Onyx Pegasus Quartz Raven Sierra Tundra Umber"
                  + " Vega Willow Zephyr"),
          slot(
              "component",
              "ingest queue|billing worker|search indexer|auth gateway"
                  + "|report scheduler|cache layer|payment webhook|image resizer"
                  + "|notification service|export job"),
          slot(
              "resource",
              "memory|disk space|file handles|database connections|API quota" + "|threads"),
          slot(
              "store",
              "PostgreSQL MySQL MongoDB Cassandra Redis S3 DynamoDB SQLite" + " Elasticsearch"),
          slot("data", "sessions|invoices|audit events|user profiles|thumbnails"),
          slot(
              "team",
              "platform payments growth data mobile infra security support search" + " identity"),
          slot(
              "tool",
              "Terraform Ansible Jenkins ArgoCD Bazel Gradle Helm Nomad Airflow" + " Grafana"),
          slot(
              "language",
              "Portuguese Japanese Korean Swahili Polish Turkish Dutch Italian"
                  + " Arabic Finnish"),
          slot("plang", "Java Kotlin Go Rust Python TypeScript Scala Elixir C# Swift"),
          slot("pet", "dog cat rabbit parrot tortoise hamster"),
          slot("petname", "Biscuit Pixel Mango Luna Olive Pepper Noodle Ziggy Maple Comet"),
          slot(
              "relative",
              "sister brother mother father cousin aunt uncle grandmother daughter" + " son"),
          slot("instrument", "cello violin drums bass saxophone piano trumpet ukulele"),
          slot("genre", "jazz folk punk funk bluegrass indie ska"),
          slot(
              "month",
              "January February March April May June July August September October"
                  + " November December"),
          slot("weekday", "Monday Tuesday Wednesday Thursday Friday Saturday Sunday"),
          slot("when", "before standup|after lunch|in the evening|while reading"),
          slot(
              "reason",
              "lower cost|better documentation|the team's experience|faster builds"
                  + "|fewer outages|simpler operations|licensing"));

  private final long seed;
  private final int chats;
  private final double chatShare;

  /** {@code chatShare} of the memories go to one of {@code chats} chats, the rest are AGENT. */
  SentenceGenerator(long seed, int chats, double chatShare) {
    this.seed = seed;
    this.chats = chats;
    this.chatShare = chatShare;
  }

  int chats() {
    return chats;
  }

  SyntheticMemory memory(long i) {
    SplittableRandom r = random(i);
    String chat = r.nextDouble() < chatShare ? chat(r.nextInt(chats)) : null;
    String[] template = MEMORIES.get(r.nextInt(MEMORIES.size()));
    return new SyntheticMemory(template[0], fill(template[1], r), chat);
  }

  SyntheticQuery query(long i) {
    SplittableRandom r = random(~i);
    String chat = chat(r.nextInt(chats));
    return new SyntheticQuery(fill(QUERIES.get(r.nextInt(QUERIES.size())), r), chat);
  }

  static String chat(int n) {
    return "chat-" + n;
  }

  /** A memory's sentence, as someone in a conversation would say it. */
  static String statement(SplittableRandom r) {
    return fill(MEMORIES.get(r.nextInt(MEMORIES.size()))[1], r);
  }

  /** A question about what the memories hold. */
  static String question(SplittableRandom r) {
    return fill(QUERIES.get(r.nextInt(QUERIES.size())), r);
  }

  /**
   * The random source of turn {@code k} of chat {@code chat} ({@link SyntheticTurns}): seeded like
   * the memories', on another stream.
   */
  SplittableRandom turnRandom(int chat, long k) {
    return new SplittableRandom(
        seed * 0x9E3779B97F4A7C15L + (chat + 1L) * 0xD1B54A32D192ED03L + k * 0xBF58476D1CE4E5B9L);
  }

  static String fill(String template, SplittableRandom r) {
    Matcher m = SLOT.matcher(template);
    StringBuilder text = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(text, Matcher.quoteReplacement(value(m.group(1), r)));
    }
    return m.appendTail(text).toString();
  }

  private static String value(String slot, SplittableRandom r) {
    return switch (slot) {
      case "person" -> pick("first", r) + " " + pick("last", r);
      case "date" -> pick("month", r) + " " + (2019 + r.nextInt(8));
      default -> {
        int dash = slot.indexOf('-');
        if (dash > 0) {
          int from = Integer.parseInt(slot.substring(0, dash));
          yield Integer.toString(
              from + r.nextInt(Integer.parseInt(slot.substring(dash + 1)) - from + 1));
        }
        yield pick(slot, r);
      }
    };
  }

  private static String pick(String slot, SplittableRandom r) {
    List<String> values = SLOTS.get(slot);
    if (values == null) {
      throw new IllegalStateException("no slot {" + slot + "}");
    }
    return values.get(r.nextInt(values.size()));
  }

  private SplittableRandom random(long i) {
    return new SplittableRandom(seed * 0x9E3779B97F4A7C15L + i * 0xBF58476D1CE4E5B9L);
  }

  private static String[] t(String category, String template) {
    return new String[] {category, template};
  }

  /** Words separated by {@code |} when any value has a space, else by spaces. */
  private static Map.Entry<String, List<String>> slot(String name, String values) {
    return Map.entry(name, List.of(values.split(values.contains("|") ? "\\|" : " ")));
  }
}
