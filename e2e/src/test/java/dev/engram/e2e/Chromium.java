package dev.engram.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven by its own chromedriver (packages {@code chromium} and {@code
 * chromium-driver}); Selenium Manager is never asked for a driver, since nothing may be downloaded.
 * Every page a test looks at can be saved as a PNG under {@code target/console-screenshots}.
 */
final class Chromium implements AutoCloseable {

  static final Path BINARY = Path.of("/usr/bin/chromium");
  static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  static final Path SCREENSHOTS = Path.of("target", "console-screenshots");

  /** How long a page may take to load, after a {@code get} or a followed click. */
  private static final Duration NAVIGATION = Duration.ofSeconds(30);

  final ChromeDriver driver;
  private final Path profile;

  private Chromium(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /**
   * Skips the calling test class when Chromium or its driver is missing, unless {@code
   * ENGRAM_REQUIRE_BROWSER=1} (CI), where that fails it instead.
   */
  static void require() {
    if (Files.isExecutable(BINARY) && Files.isExecutable(DRIVER)) {
      return;
    }
    String why =
        "Chromium not found ("
            + BINARY
            + ", "
            + DRIVER
            + "): the console is NOT tested in a browser (apt-get install chromium chromium-driver)";
    if ("1".equals(System.getenv("ENGRAM_REQUIRE_BROWSER"))) {
      fail(why + "; ENGRAM_REQUIRE_BROWSER=1 asks for it");
    }
    System.err.println("browser tests skipped: " + why);
    Assumptions.abort(why);
  }

  /** A fresh headless browser with its own profile and a 1280×800 window. */
  static Chromium start() throws IOException {
    Path profile = Files.createTempDirectory("engram-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(BINARY.toFile());
    // The closed network refuses Chromium's background connections: none are opened.
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,800",
        "--user-data-dir=" + profile);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(DRIVER.toFile())
            .usingAnyFreePort()
            .build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(NAVIGATION);
    return new Chromium(driver, profile);
  }

  /**
   * Clicks {@code target} (a link or a form's button) and waits until the page it leads to has
   * loaded. A click can return before the browser has left the old page, or while the new one is
   * still empty: reading the page right after it then finds the old page's elements or none (a CI
   * run failed so, on a refused form's {@code h1}).
   */
  void follow(WebElement target) {
    WebElement before = driver.findElement(By.tagName("html"));
    target.click();
    WebDriverWait wait = new WebDriverWait(driver, NAVIGATION);
    wait.until(ExpectedConditions.stalenessOf(before));
    wait.until(
        d ->
            "complete"
                .equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
  }

  /** Saves what the browser shows now as {@code target/console-screenshots/NAME.png}. */
  Path screenshot(String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    File shot = driver.getScreenshotAs(OutputType.FILE);
    Path to = SCREENSHOTS.resolve(name + ".png");
    Files.copy(shot.toPath(), to, StandardCopyOption.REPLACE_EXISTING);
    return to;
  }

  @Override
  public void close() throws IOException {
    try {
      driver.quit();
    } finally {
      try (Stream<Path> files = Files.walk(profile)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
