package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.git.ChildJvm;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Sites;
import org.taf.runner.results.RunRecord;

/**
 * A publish killed at any moment leaves the old site or the new one, whole, every internal link resolving:
 * killed at each step of its swap ({@link SiteSwap.Step}, the JVM halted there as SIGKILL would), and killed
 * with SIGKILL after a seeded random delay, 20 times over one site. Between the swap's two renames there is no
 * {@code site} until the next publish recovers it; the checks run that recovery first, as any publish does.
 */
class SitePublishKillIT {
    private static final Duration BOUND = Duration.ofSeconds(40);
    private static final long SEED = 35;
    /** The nights the site starts with; night {@code BASE + k} is the k-th publish's new run. */
    private static final int BASE = 10;

    @TempDir
    Path tmp;

    @Test
    void aPublishHaltedAtEachStepOfItsSwapLeavesTheOldSiteOrTheNew() throws Exception {
        for (SiteSwap.Step step : SiteSwap.Step.values()) {
            Path site = tmp.resolve(step.name()).resolve("site");
            Sites.publisher(site).add(nights().subList(0, BASE));
            Process child = publish(site, BASE, step.name(), tmp.resolve(step + ".ready"));
            assertThat(child.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
            assertThat(child.exitValue()).as(out()).isEqualTo(HALTED);
            if (step == SiteSwap.Step.OLD_AWAY) {
                assertThat(site).as("between the renames").doesNotExist();
            } else {
                assertThat(isNew(site, BASE)).as(step.name()).isEqualTo(step == SiteSwap.Step.SWAPPED);
            }
            SiteSwap.of(site).recover(); // what the next publish does first
            assertThat(isNew(site, BASE)).as(step + ", recovered").isEqualTo(step.compareTo(SiteSwap.Step.NEXT) > 0);
            assertThat(site.resolveSibling(".site.staging")).doesNotExist();
            assertThat(site.resolveSibling(".site.old")).doesNotExist();
        }
    }

    @Test
    void twentyPublishesKilledAtRandomMomentsEachLeaveAWholeSite() throws Exception {
        Path site = tmp.resolve("site");
        Sites.publisher(site).add(nights().subList(0, BASE));
        // How long a publish takes from its start: the kills are spread over it.
        long t0 = System.nanoTime();
        Process timed = publish(site, BASE, "-", tmp.resolve("timed.ready"));
        assertThat(timed.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(timed.exitValue()).as(out()).isZero();
        long span = Math.max(200, (System.nanoTime() - t0) / 1_000_000);
        Random random = new Random(SEED);
        int killedBeforeTheEnd = 0;
        for (int k = 1; k <= 20; k++) {
            long delay = random.nextInt((int) span);
            Process child = publish(site, BASE + k, "-", tmp.resolve("ready-" + k));
            Thread.sleep(delay);
            boolean ended = !child.isAlive();
            child.destroyForcibly().waitFor(BOUND.toSeconds(), TimeUnit.SECONDS);
            killedBeforeTheEnd += ended ? 0 : 1;
            if (Files.exists(site)) {
                isNew(site, BASE + k); // whole, old or new
            }
            SiteSwap.of(site).recover();
            assertThat(site).as("kill %d after %d ms (seed %d)", k, delay, SEED).isDirectory();
            isNew(site, BASE + k);
        }
        assertThat(killedBeforeTheEnd).as("kills that cut a publish").isPositive();
    }

    private static final int HALTED = 9;

    /**
     * Checks that {@code site} is whole, the old site or the new one: every internal link resolves, and night
     * {@code n}'s data, post and index entry are all there (new) or none (old). Returns whether it is new.
     */
    private static boolean isNew(Path site, int n) throws Exception {
        assertThat(Sites.brokenLinks(site)).as("broken links in " + site).isEmpty();
        RunRecord night = nights().get(n);
        boolean post = Files.exists(site.resolve(SitePaths.post(night.runId())));
        boolean data = Files.exists(site.resolve(SitePaths.digest(night.runId())));
        boolean linked = Sites.text(site.resolve(SitePaths.INDEX)).contains(SitePaths.post(night.runId()));
        assertThat(List.of(data, linked)).as("data and index entry of night %d, its post %s", n, post)
                .containsOnly(post);
        return post;
    }

    private Process publish(Path site, int night, String haltAt, Path ready) throws Exception {
        return ChildJvm.start(Publish.class, Map.of(), tmp.resolve("child.out"), site.toString(),
                Integer.toString(night), haltAt, ready.toString());
    }

    private String out() throws Exception {
        return Files.readString(tmp.resolve("child.out"), StandardCharsets.UTF_8);
    }

    /** The nights of one series: night i is the run of the i-th day (30 + 20 of them, a step at 17). */
    static List<RunRecord> nights() {
        return HistoryFixtures.nights(HistoryFixtures.step(11, BASE + 21, 60_000, 0.01, 17, 0.90),
                HistoryFixtures.all(BASE + 21, HistoryFixtures.Night.base()));
    }

    /**
     * Adds night {@code n} to the site, halting the JVM (no hook, no cleanup: as SIGKILL leaves the files) at
     * the named step, or not at all for {@code -}. Arguments: site, n, step, a file created as it starts.
     */
    public static final class Publish {
        public static void main(String[] args) throws Exception {
            Path site = Path.of(args[0]);
            RunRecord night = nights().get(Integer.parseInt(args[1]));
            SitePublisher publisher = Sites.publisher(site).observingSwap(step -> {
                if (step.name().equals(args[2])) {
                    Runtime.getRuntime().halt(HALTED);
                }
            });
            Files.writeString(Path.of(args[3]), "publishing");
            publisher.add(List.of(night));
        }
    }
}
