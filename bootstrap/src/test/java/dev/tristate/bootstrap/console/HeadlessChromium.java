package dev.tristate.bootstrap.console;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Comparator;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium for the console's browser tests, one per test class. With TRISTATE_BROWSER_TESTS=required
 * (.ci/run sets it) a missing Chromium fails the run; elsewhere the tests are skipped with a message saying how to
 * install it. Screenshots go to target/screenshots/.
 */
final class HeadlessChromium implements AutoCloseable {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    static final ZoneId BROWSER_ZONE = ZoneId.of("Asia/Shanghai");

    final WebDriver driver;
    private final Path profile;

    private HeadlessChromium(WebDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    static HeadlessChromium startOrSkip() throws IOException {
        boolean installed = Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
        String install = "browser tests need Debian's Chromium: apt-get install -y chromium chromium-driver";
        if (!installed && "required".equals(System.getenv("TRISTATE_BROWSER_TESTS"))) {
            throw new IllegalStateException("TRISTATE_BROWSER_TESTS=required but " + install);
        }
        Assumptions.assumeTrue(installed, "skipped: " + install);
        Path profile = Files.createTempDirectory("tristate-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--lang=en-US", "--window-size=1366,900",
                "--user-data-dir=" + profile.toAbsolutePath());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                // A zone away from UTC, so that local times are seen to be local.
                .withEnvironment(Map.of("TZ", BROWSER_ZONE.getId())).build();
        WebDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().implicitlyWait(Duration.ofSeconds(2));
        Files.createDirectories(SCREENSHOTS);
        return new HeadlessChromium(driver, profile);
    }

    /**
     * Does something that loads a page and waits for the new page, so nothing reads the old one. The old page
     * carries a marker in its window; the new page is there once a document without the marker has finished
     * loading. While Chromium swaps documents, a command can fail with an error that is not a stale-element one
     * ("Node with given id does not belong to the document"), so the wait ignores driver errors until its timeout.
     */
    void andLoad(Runnable action) {
        ((JavascriptExecutor) driver).executeScript("window.tristateOldPage = true;");
        action.run();
        new WebDriverWait(driver, Duration.ofSeconds(10))
                .ignoring(WebDriverException.class)
                .until(d -> Boolean.TRUE.equals(((JavascriptExecutor) d).executeScript(
                        "return window.tristateOldPage === undefined && document.readyState === 'complete';")));
    }

    void clickAndLoad(By target) {
        andLoad(() -> driver.findElement(target).click());
    }

    void screenshot(String name) throws IOException {
        File shot = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        try (var files = Files.walk(profile)) {
            files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
        }
    }
}
