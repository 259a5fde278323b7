package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.taf.runner.report.Sites;

/**
 * The site in a real browser: Debian's headless Chromium through chromedriver, the pages served
 * over HTTP on 127.0.0.1. Each page loads without console errors or missing requests, every chart
 * is drawn at a readable size, and screenshots are saved under target/site-screenshots/.
 */
class SiteBrowserIT {
    static final Path SITE = Path.of("target/browser-site");
    static final Path SHOTS = Path.of("target/site-screenshots");
    static StaticSiteServer server;
    static ChromeDriver driver;
    static Path profile;

    @BeforeAll
    static void start() throws Exception {
        PreviewTest.render(SITE);
        // A second site beside it: nightly runs with a change point and a new segment.
        Sites.publish(SITE.resolve("nightly"), ChangePointSiteTest.nights());
        server = new StaticSiteServer(SITE);
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
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private List<String> severe() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).map(LogEntry::toString).toList();
    }

    private void open(String path) {
        driver.get(server.url(path));
        assertThat(driver.findElement(By.cssSelector("link[rel=stylesheet]"))).isNotNull();
        // the stylesheet applied: the site header is a flex row, which only our CSS makes it
        assertThat(driver.findElement(By.cssSelector("header.site")).getCssValue("display")).isEqualTo("flex");
    }

    /** Charts inline, and a cell's charts drawn from their files into their links' boxes. */
    private void assertChartsReadable(int atLeast) {
        List<WebElement> charts = driver.findElements(By.cssSelector("svg.chart, a.chart-pic"));
        assertThat(charts).hasSizeGreaterThanOrEqualTo(atLeast);
        for (WebElement chart : charts) {
            String name = chart.getTagName().equals("a") ? chart.getAttribute("href") : chart.getAttribute("id");
            Rectangle r = chart.getRect();
            assertThat(r.getWidth()).as("width of %s", name).isGreaterThanOrEqualTo(300);
            assertThat(r.getHeight()).as("height of %s", name).isGreaterThanOrEqualTo(60);
            if (!"glance-ratios".equals(name)) {
                assertThat(r.getHeight()).as("height of %s", name).isGreaterThanOrEqualTo(150);
            }
            if (chart.getTagName().equals("a")) {
                assertThat(chart.getCssValue("background-image")).as(name).contains("/figures/");
            }
        }
    }

    /** The paths {@code server} was asked for that end with {@code suffix}, after waiting up to 5 s for one. */
    private static List<String> fetched(StaticSiteServer server, String suffix) throws InterruptedException {
        for (int i = 0; i < 50; i++) {
            List<String> found = server.requests().stream().filter(p -> p.endsWith(suffix)).toList();
            if (!found.isEmpty()) {
                return found;
            }
            Thread.sleep(100);
        }
        return List.of();
    }

    private void screenshot(String name, boolean fullPage) throws Exception {
        Path file = SHOTS.resolve(name);
        if (fullPage) {
            Map<String, Object> metrics = driver.executeCdpCommand("Page.getLayoutMetrics", Map.of());
            @SuppressWarnings("unchecked")
            Map<String, Number> size = (Map<String, Number>) metrics.get("cssContentSize");
            Map<String, Object> shot = driver.executeCdpCommand("Page.captureScreenshot", Map.of("format", "png",
                    "captureBeyondViewport", true, "clip", Map.of("x", 0, "y", 0, "width", size.get("width"),
                            "height", Math.min(16000, size.get("height").doubleValue()), "scale", 1)));
            Files.write(file, Base64.getDecoder().decode((String) shot.get("data")));
        } else {
            Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
        }
        assertThat(Files.size(file)).isGreaterThan(10_000);
    }

    @Test
    void thePostRendersWithoutErrorsAndEveryChartIsReadable() throws Exception {
        open("posts/20261014-080000-mdev37992/index.html");
        screenshot("post.png", false);
        screenshot("post-full.png", true);
        // the cells' details are closed on a big post: open them all, as a reader would
        for (WebElement d : driver.findElements(By.cssSelector("details.cell:not([open]) > summary"))) {
            ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", d);
            d.click();
        }
        assertThat(driver.findElements(By.cssSelector("details.cell:not([open])"))).isEmpty();
        assertChartsReadable(3 + 2 * 21); // ratios, two sweeps, TPS and CPU of the 21 measured cells
        WebElement cell = driver.findElement(By.id("c-c12_3-POINTS-COVERED-PK-64"));
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", cell);
        screenshot("post-cell.png", false);
        assertThat(severe()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }

    /**
     * The post at a desktop's and a phone's width: the answers come first on screen, and nothing
     * makes the page scroll sideways (wide tables and flame graphs scroll inside their own box).
     */
    @Test
    void thePostFitsADesktopAndAPhone() throws Exception {
        JavascriptExecutor js = driver;
        try {
            for (int width : new int[] {1280, 390}) {
                driver.manage().window().setSize(new Dimension(width, 900));
                open("posts/20261014-080000-mdev37992/index.html");
                long viewport = ((Number) js.executeScript("return document.documentElement.clientWidth")).longValue();
                assertThat(viewport).as("viewport at %d px", width).isBetween(width - 20L, (long) width);
                WebElement answers = driver.findElement(By.cssSelector("section.headline"));
                assertThat(answers.getRect().getY()).as("answers at %d px", width).isLessThan(600);
                screenshot("post-" + width + ".png", false);
                for (WebElement d : driver.findElements(By.cssSelector("details.cell:not([open]) > summary"))) {
                    js.executeScript("arguments[0].scrollIntoView()", d);
                    d.click();
                }
                long scroll = ((Number) js.executeScript("return document.documentElement.scrollWidth")).longValue();
                @SuppressWarnings("unchecked")
                List<String> wide = (List<String>) js.executeScript(
                        "const w = document.documentElement.clientWidth; return [...document.querySelectorAll("
                                + "'body *')].filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && "
                                + "r.right > w + 1 && !e.closest('.table-wrap, pre, .flame-figure'); })"
                                + ".slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + "
                                + "Math.round(e.getBoundingClientRect().right));");
                assertThat(wide).as("elements past the right edge at %d px", width).isEmpty();
                assertThat(scroll).as("page width at %d px", width).isLessThanOrEqualTo(viewport);
                screenshot("post-" + width + "-full.png", true);
            }
            assertThat(severe()).isEmpty();
            assertThat(server.misses()).isEmpty();
        } finally {
            driver.manage().window().setSize(new Dimension(1280, 1600));
        }
    }

    /**
     * Under Jenkins' Content-Security-Policy (no script; its sandbox turns lazy loading off), a post fetches a cell's
     * figures only when the reader opens them: loading it asks for none of its closed cells' charts and flame graphs;
     * an opened flame graph is drawn at its own size from its file; on a phone its top frames show instead, at a
     * readable size; and the graph's file opens on its own, its frames' tooltips there.
     */
    @Test
    void aPostFetchesItsFiguresOnlyWhenTheyAreOpenedUnderJenkinsPolicy() throws Exception {
        String post = "posts/20261014-080000-mdev37992/";
        By cellWithFlames = By.xpath("(//details[contains(@class, 'flame')]/ancestor::details[contains(@class,"
                + " 'cell')])[1]");
        try (StaticSiteServer jenkins = new StaticSiteServer(SITE, StaticSiteServer.JENKINS_CSP)) {
            driver.get(jenkins.url(post + "index.html"));
            assertThat(driver.findElement(By.cssSelector("header.site")).getCssValue("display")).isEqualTo("flex");
            assertThat(fetched(jenkins, "/figures.css")).hasSize(1);
            Thread.sleep(500);
            assertThat(jenkins.requests()).as("figures fetched before anything was opened")
                    .noneMatch(p -> p.contains("/figures/") && p.endsWith(".svg"));
            WebElement cell = driver.findElement(cellWithFlames);
            cell.findElement(By.xpath("./summary")).click();
            assertThat(fetched(jenkins, "-tps.svg")).as("the opened cell's charts").hasSize(1);
            assertThat(jenkins.requests()).as("its flame graphs, still closed").noneMatch(p -> p.contains("-flame-"));
            WebElement flame = cell.findElement(By.cssSelector("details.flame"));
            flame.findElement(By.xpath("./summary")).click();
            WebElement pic = flame.findElement(By.cssSelector("a.flame-pic"));
            String file = pic.getAttribute("href").replaceAll(".*/", "");
            assertThat(fetched(jenkins, "/" + file)).as("the opened graph").hasSize(1);
            assertThat(jenkins.requests().stream().filter(p -> p.contains("-flame-"))).hasSize(1);
            assertThat(pic.getRect().getWidth()).as("drawn at its own size").isEqualTo(1000);
            assertThat(flame.findElement(By.cssSelector(".flame-top")).isDisplayed()).isFalse();
            screenshot("post-flame-open.png", false);
            assertThat(severe()).isEmpty();

            driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 390, "height", 844,
                    "deviceScaleFactor", 3, "mobile", true));
            driver.get(jenkins.url(post + "index.html"));
            cell = driver.findElement(cellWithFlames);
            cell.findElement(By.xpath("./summary")).click();
            flame = cell.findElement(By.cssSelector("details.flame"));
            flame.findElement(By.xpath("./summary")).click();
            assertThat(flame.findElement(By.cssSelector("a.flame-pic")).isDisplayed()).as("the graph on a phone")
                    .isFalse();
            WebElement table = flame.findElement(By.cssSelector("table.flame-frames"));
            assertThat(table.isDisplayed()).isTrue();
            List<WebElement> rows = table.findElements(By.cssSelector("tbody tr"));
            assertThat(rows).isNotEmpty().hasSizeLessThanOrEqualTo(10);
            for (WebElement cellText : table.findElements(By.cssSelector("th, td"))) {
                assertThat(Double.parseDouble(cellText.getCssValue("font-size").replace("px", "")))
                        .as("font size of '%s'", cellText.getText()).isGreaterThanOrEqualTo(10);
            }
            assertThat(table.findElement(By.cssSelector("caption a")).getAttribute("href")).endsWith("/" + file);
            screenshot("post-flame-phone.png", false);
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            assertThat(severe()).isEmpty();
            assertThat(jenkins.misses()).isEmpty();

            // the graph alone: a document of its own, which has no icon to name (a browser may ask for one)
            driver.get(jenkins.url(post + "figures/" + file));
            WebElement svg = driver.findElement(By.cssSelector("svg.flame"));
            assertThat(svg.findElements(By.cssSelector("g > title"))).as("every frame's tooltip").isNotEmpty();
            assertThat(severe()).noneMatch(e -> !e.contains("favicon"));
            assertThat(jenkins.misses()).allMatch(p -> p.equals("/favicon.ico"));
        } finally {
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            driver.manage().window().setSize(new Dimension(1280, 1600));
        }
    }

    @Test
    void theIndexAndAHistoryPageRenderWithoutErrors() throws Exception {
        open("index.html");
        assertThat(driver.findElements(By.cssSelector(".post-entry"))).hasSize(4);
        screenshot("index.png", false);
        driver.findElement(By.linkText("POINTS-COVERED-PK")).click();
        assertThat(driver.getCurrentUrl()).endsWith("/history/POINTS-COVERED-PK.html");
        assertChartsReadable(9); // a series per thread count (1, 8, 64) and branch; the failed one has none
        screenshot("history.png", true);
        assertThat(severe()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }

    /**
     * The published site as committed (real runs): the index leads with the four stories, and each
     * story's post loads without console errors or missing requests, its charts drawn.
     */
    @Test
    void theCommittedStoriesRenderWithoutErrors() throws Exception {
        try (StaticSiteServer published = new StaticSiteServer(Path.of("../site"))) {
            driver.get(published.url("index.html"));
            List<String> posts = driver.findElements(By.cssSelector("section.stories li.story h3 > a")).stream()
                    .map(a -> a.getAttribute("href")).toList();
            assertThat(posts).as("one post per story").hasSize(4);
            for (String post : posts) {
                driver.get(post);
                assertThat(driver.findElement(By.cssSelector("header.site")).getCssValue("display"))
                        .as(post).isEqualTo("flex");
                assertThat(driver.findElements(By.cssSelector("section.headline p.answer-text"))).as(post).isNotEmpty();
                assertChartsReadable(2);
                assertThat(severe()).as(post).isEmpty();
            }
            assertThat(published.misses()).isEmpty();
        }
    }

    /**
     * Every story of the committed site as a reader meets it: on a 1280 x 800 desktop and on a 390 px
     * phone (Chrome's mobile emulation: a headless window does not go below 500 px), the headline is in
     * the first screen, nothing makes the page scroll sideways, and the narrative is there.
     */
    @Test
    void theCommittedStoriesLeadWithTheirHeadlineOnADesktopAndAPhone() throws Exception {
        JavascriptExecutor js = driver;
        try (StaticSiteServer published = new StaticSiteServer(Path.of("../site"))) {
            driver.get(published.url("index.html"));
            List<String> posts = driver.findElements(By.cssSelector("section.stories li.story h3 > a")).stream()
                    .map(a -> a.getAttribute("href")).toList();
            assertThat(posts).as("one post per story").hasSize(4);
            for (boolean phone : new boolean[] {false, true}) {
                if (phone) {
                    driver.executeCdpCommand("Emulation.setDeviceMetricsOverride", Map.of("width", 390, "height", 844,
                            "deviceScaleFactor", 3, "mobile", true));
                } else {
                    driver.manage().window().setSize(new Dimension(1280, 800));
                }
                for (String post : posts) {
                    driver.get(post);
                    String where = post + (phone ? " at 390 px (mobile)" : " at 1280 x 800");
                    long viewportW = ((Number) js.executeScript("return document.documentElement.clientWidth"))
                            .longValue();
                    long viewportH = ((Number) js.executeScript("return window.innerHeight")).longValue();
                    if (phone) {
                        assertThat(viewportW).as(where).isEqualTo(390);
                    }
                    WebElement answer = driver.findElement(By.cssSelector("section.headline p.answer-text"));
                    Rectangle r = answer.getRect();
                    assertThat((long) r.getY() + r.getHeight())
                            .as("%s: the first answer ends in the first screen", where)
                            .isLessThanOrEqualTo(viewportH);
                    long scroll = ((Number) js.executeScript("return document.documentElement.scrollWidth"))
                            .longValue();
                    assertThat(scroll).as("%s: page width", where).isLessThanOrEqualTo(viewportW);
                    assertThat(driver.findElements(By.cssSelector("section#narrative h2"))).as(where).hasSize(1);
                    String name = post.replaceAll(".*/posts/([^/]+)/.*", "$1") + (phone ? "-390" : "-1280");
                    screenshot("story-" + name + ".png", false);
                    assertThat(severe()).as(where).isEmpty();
                }
            }
            assertThat(published.misses()).isEmpty();
        } finally {
            driver.executeCdpCommand("Emulation.clearDeviceMetricsOverride", Map.of());
            driver.manage().window().setSize(new Dimension(1280, 1600));
        }
    }

    @Test
    void theRegressionsPageOpensFromTheNavigation() throws Exception {
        open("index.html");
        driver.findElement(By.linkText("Regressions")).click();
        assertThat(driver.getCurrentUrl()).endsWith("/regressions.html");
        assertThat(driver.findElement(By.cssSelector("main h1")).getText()).isEqualTo("Regressions");
        screenshot("regressions.png", false);
        assertThat(severe()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }

    @Test
    void aChangePointLeadsFromTheRegressionsPageToItsSeriesChart() throws Exception {
        open("nightly/regressions.html");
        var rows = driver.findElements(By.cssSelector("table.changes tbody tr"));
        assertThat(rows).hasSize(1);
        screenshot("regressions-change.png", false);
        rows.get(0).findElement(By.linkText("POINT_SELECT, 2 threads, HEAD~1 vs HEAD")).click();
        assertThat(driver.getCurrentUrl()).contains("/nightly/history/POINT_SELECT.html#s-");
        assertChartsReadable(1);
        WebElement chart = driver.findElement(By.cssSelector("section.series svg.chart"));
        assertThat(chart.findElements(By.cssSelector("text.marker-label"))).extracting(WebElement::getText)
                .contains("new segment: kernel").anyMatch(t -> t.matches("-\\d+\\.\\d%"));
        ((JavascriptExecutor) driver).executeScript("arguments[0].scrollIntoView()", chart);
        screenshot("history-change-points.png", false);
        assertThat(severe()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }

    @Test
    void aPageOfTheSiteOpensFromTheIndexWithItsTable() throws Exception {
        open("index.html");
        driver.findElement(By.linkText("A study of false alarms")).click();
        assertThat(driver.getCurrentUrl()).endsWith("/pages/study.html");
        assertThat(driver.findElement(By.cssSelector("article.page h1")).getText())
                .isEqualTo("A study of false alarms");
        var cells = driver.findElements(By.cssSelector("article.page td.num"));
        assertThat(cells).hasSize(4);
        // Numbers are right-aligned by the site's stylesheet, which the page found.
        assertThat(cells.get(0).getCssValue("text-align")).isEqualTo("right");
        assertThat(cells.get(0).isDisplayed()).isTrue();
        screenshot("page.png", true);
        assertThat(severe()).isEmpty();
        assertThat(server.misses()).isEmpty();
    }
}
