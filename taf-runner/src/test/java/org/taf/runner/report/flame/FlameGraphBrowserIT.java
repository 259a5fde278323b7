package org.taf.runner.report.flame;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.taf.runner.jfr.FlameKind;
import org.taf.runner.jfr.JfrFolder;
import org.taf.runner.report.Html;

/**
 * Flame graphs inline in a page, as the post will embed them, in Debian's headless Chromium through
 * chromedriver, served on 127.0.0.1 under Jenkins' default Content-Security-Policy: the page opens
 * without console errors, holds no script, every label is drawn at 11 px or more and fits its
 * frame, and every frame has its title. A control page with an inline style shows that the policy
 * is in force and that its violations would be seen. Screenshots go to target/flame-screenshots/.
 */
class FlameGraphBrowserIT {
    static final Path SITE = Path.of("target/flame-browser");
    static final Path SHOTS = Path.of("target/flame-screenshots");
    static CspSiteServer server;
    static ChromeDriver driver;
    static Path profile;

    @BeforeAll
    static void start() throws Exception {
        writePages();
        server = new CspSiteServer(SITE);
        profile = Files.createTempDirectory("taf-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(new File(System.getProperty("taf.chromium", "/usr/bin/chromium")));
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--user-data-dir=" + profile,
                "--window-size=1280,1600", "--hide-scrollbars");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(System.getProperty("taf.chromedriver", "/usr/bin/chromedriver")))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().window().setSize(new Dimension(1280, 1600));
        Files.createDirectories(SHOTS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** The synthetic plain and differential graphs, and the committed fixture's real CPU and lock graphs. */
    static void writePages() throws Exception {
        Files.createDirectories(SITE.resolve("assets"));
        try (InputStream css = FlameGraphBrowserIT.class.getResourceAsStream("/templates/static/taf.css")) {
            Files.copy(css, SITE.resolve("assets/taf.css"), StandardCopyOption.REPLACE_EXISTING);
        }
        // An icon of its own: without one the browser asks for /favicon.ico (a 404 in the console), and the
        // site's href="data:," is refused by img-src 'self', another console error under Jenkins.
        Files.writeString(
                SITE.resolve("assets/icon.svg"),
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 16 16\">"
                        + "<rect width=\"16\" height=\"16\" fill=\"#ee6054\"/></svg>\n",
                StandardCharsets.UTF_8);
        FlameGraphSvg svg = FlameGraphSvg.defaults();
        Path jfr = JfrFixture.FIXTURE;
        String body = figure(FlameGraphSvgTest.plainSample(), "A plain graph (synthetic)")
                + figure(FlameGraphSvgTest.diffSample(), "A differential graph (synthetic)")
                + figure(svg.plain("fixture-cpu", "CPU of the fixture workload",
                        JfrFolder.of(FlameKind.CPU).fold(jfr).stacks(), FlameKind.CPU), "Recorded CPU samples")
                + figure(svg.plain("fixture-locks", "Lock contention of the fixture workload",
                        JfrFolder.of(FlameKind.LOCKS).fold(jfr).stacks(), FlameKind.LOCKS), "Recorded lock waits");
        Files.writeString(SITE.resolve("index.html"), page("Flame graphs", body), StandardCharsets.UTF_8);
        Files.writeString(SITE.resolve("control.html"), page("Control", "<p style=\"color: red\">inline style</p>"),
                StandardCharsets.UTF_8);
    }

    private static String figure(String svg, String caption) {
        return "<figure class=\"chart-figure\"><div class=\"table-wrap\">" + svg + "</div><figcaption>"
                + Html.esc(caption) + "</figcaption></figure>\n";
    }

    private static String page(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Html.esc(title)
                + "</title><link rel=\"icon\" href=\"assets/icon.svg\"><link rel=\"stylesheet\""
                + " href=\"assets/taf.css\"></head><body><main><h1>" + Html.esc(title)
                + "</h1>\n" + body + "</main></body></html>\n";
    }

    private static List<String> consoleProblems() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).map(LogEntry::toString).toList();
    }

    private static void fullPageScreenshot(Path file) throws Exception {
        Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
        @SuppressWarnings("unchecked")
        Map<String, Number> size = (Map<String, Number>) metrics.get("cssContentSize");
        Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", size.get("width"),
                        "height", Math.min(16000, size.get("height").doubleValue()), "scale", 1)));
        Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
    }

    private static double px(String cssLength) {
        assertThat(cssLength).endsWith("px");
        return Double.parseDouble(cssLength.substring(0, cssLength.length() - 2));
    }

    @Test
    void thePageOpensUnderJenkinsCspWithoutErrorsOrScriptsAndEveryLabelIsReadable() throws Exception {
        driver.get(server.url("index.html"));
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), SHOTS.resolve("flame.png"),
                StandardCopyOption.REPLACE_EXISTING);
        fullPageScreenshot(SHOTS.resolve("flame-full.png"));
        assertThat(driver.getTitle()).isEqualTo("Flame graphs");
        // the site's stylesheet applied under the policy (style-src 'self')
        assertThat(driver.findElement(By.cssSelector(".table-wrap")).getCssValue("overflow-x")).isEqualTo("auto");
        assertThat(driver.findElements(By.tagName("script"))).isEmpty();
        assertThat(driver.getPageSource()).doesNotContainIgnoringCase("<script");

        List<WebElement> graphs = driver.findElements(By.cssSelector("svg.flame"));
        assertThat(graphs).hasSize(4);
        int labels = 0;
        for (WebElement graph : graphs) {
            String id = graph.getAttribute("id");
            // drawn at its own size, so 12 px in the SVG is 12 px on screen
            assertThat((double) graph.getRect().getWidth()).as("width of %s", id)
                    .isEqualTo(Double.parseDouble(graph.getAttribute("width")));
            List<WebElement> frames = graph.findElements(By.cssSelector("g"));
            assertThat(frames).as("frames of %s", id).hasSizeGreaterThan(3);
            for (WebElement frame : frames) {
                WebElement title = frame.findElement(By.tagName("title"));
                assertThat(title.getAttribute("textContent")).as("title in %s", id).contains("\n");
                List<WebElement> text = frame.findElements(By.tagName("text"));
                if (text.isEmpty()) {
                    continue;
                }
                labels++;
                WebElement label = text.get(0);
                String name = label.getText();
                assertThat(px(label.getCssValue("font-size"))).as("font size of %s in %s", name, id)
                        .isGreaterThanOrEqualTo(11);
                assertThat(label.getCssValue("fill")).as("colour of %s", name).isEqualTo("rgb(31, 35, 40)");
                double room = frame.findElement(By.tagName("rect")).getRect().getWidth();
                assertThat((double) label.getRect().getWidth()).as("width of label %s in %s", name, id)
                        .isLessThanOrEqualTo(room);
            }
            for (WebElement text : graph.findElements(By.cssSelector(":scope > text"))) {
                assertThat(px(text.getCssValue("font-size"))).isGreaterThanOrEqualTo(11);
                assertThat(text.getRect().getX() + text.getRect().getWidth())
                        .as("heading '%s' inside %s", text.getText(), id)
                        .isLessThanOrEqualTo(graph.getRect().getX() + graph.getRect().getWidth());
            }
        }
        assertThat(labels).isGreaterThan(20);
        WebElement search = driver.findElement(By.xpath("//*[local-name()='svg'][@id='flame-cpu-diff']"
                + "//*[local-name()='title'][starts-with(., 'org.taf.engine.btree.BTree.search')]"));
        assertThat(search.getAttribute("textContent")).endsWith("+100.0%");
        assertThat(consoleProblems()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }

    @Test
    void theControlPageShowsThatThePolicyIsEnforcedAndItsViolationsWouldBeSeen() {
        driver.get(server.url("control.html"));
        assertThat(driver.findElement(By.tagName("p")).getCssValue("color")).as("inline style blocked")
                .isNotEqualTo("rgba(255, 0, 0, 1)");
        assertThat(consoleProblems()).anyMatch(m -> m.contains("Content Security Policy"));
    }
}
