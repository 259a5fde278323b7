package org.taf.runner.report.post;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.output.JUnitXmlWriter;
import org.taf.runner.report.output.JUnitXmlWriterTest;
import org.taf.runner.report.output.SummaryWriter;
import org.taf.runner.results.EnvironmentRecord;
import org.taf.runner.results.EnvironmentRecord.CpuState;
import org.taf.runner.results.ResultsFixtures;
import org.taf.runner.results.RunRecord;

/**
 * "not pinned: no cpufreq", idle CPUs that were to poll and did not, and host-noise warnings reach the summary,
 * the JUnit XML and the post.
 */
class CpuPinningOutputsTest {
    private final RunRecord run = ResultsFixtures.small(); // no cpufreq; two iterations flagged HOST_NOISE

    @Test
    void summaryAndJUnitSayTheCpuWasNotPinnedAndNameTheNoisyIterationsWithTheirNumbers() throws Exception {
        assertThat(SummaryWriter.render(run)).contains("warning: CPU frequency: not pinned: no cpufreq.",
                "POINT_SELECT@2 parent #2 (others 40.0% of one CPU, steal 0.5%)",
                "(over 10.0% of one CPU, or steal over 5.0%)");
        String xml = JUnitXmlWriter.render(run);
        JUnitXmlWriterTest.validate(xml);
        assertThat(xml).contains("warning: CPU frequency: not pinned: no cpufreq\n",
                "warning: host noise in parent #2: others 40.0% of one CPU, steal 0.5% (over 10.0% of one CPU,"
                        + " or steal over 5.0%)\n",
                "warning: host noise in patch #2: ");
        assertThat(Warnings.of(run, Messages.english())).contains("CPU frequency: not pinned: no cpufreq.");
    }

    @Test
    void idleCpusThatCouldNotPollAreAWarningAndWhatIdleCpusDidIsAFactOfThePost() {
        EnvironmentRecord e = run.environment();
        String failed = "failed: cannot hold a CPU latency request of 0 us on /dev/cpu_dma_latency: denied";
        String polled = "poll: a CPU latency request of 0 us held on /dev/cpu_dma_latency (read back 0 us)";
        assertThat(Warnings.of(with(failed), Messages.english())).contains("Idle CPUs: " + failed + ".");
        assertThat(Warnings.of(with(polled), Messages.english())).noneMatch(w -> w.startsWith("Idle CPUs"));
        assertThat(Warnings.of(run, Messages.english())).as("runs from before it was recorded")
                .noneMatch(w -> w.startsWith("Idle CPUs"));
        assertThat(EnvironmentFacts.of(PostContext.of(with(polled), Messages.english())))
                .contains(new PageView.Fact("env.cpu_idle", polled));
        assertThat(e.cpuIdle()).isNull();
    }

    private RunRecord with(String cpuIdle) {
        EnvironmentRecord e = run.environment();
        EnvironmentRecord idle = new EnvironmentRecord(e.host(), e.cpuModel(), e.sockets(), e.cores(), e.threads(),
                e.memoryBytes(), e.os(), e.kernel(), e.jvm(), e.engineJvm(), e.runtime(), e.engineCpuset(),
                e.clientCpuset(), e.cpufreq(), cpuIdle);
        return new RunRecord(run.formatVersion(), run.runId(), run.name(), run.comments(), run.startedAt(),
                run.finishedAt(), run.status(), run.failure(), run.runnerVersion(), run.definition(), idle,
                run.comparisons(), run.warnings(), run.plannedMde(), run.adaptive(), run.judgement());
    }

    @Test
    void thePostShowsEachCpusStatusAndOnlyTheStatusWithoutCpufreq() {
        PostContext x = PostContext.of(run, Messages.english());
        List<String> states = EnvironmentFacts.cpuStates(x, List.of(
                new CpuState(0, "none", 0, 0, "unknown", "not pinned: no cpufreq"),
                new CpuState(1, "none", 0, 0, "unknown", "not pinned: no cpufreq"),
                new CpuState(2, "performance", 2_100_000, 2_100_000, "off", "pinned"),
                new CpuState(3, "performance", 2_100_000, 2_100_000, "off", null)));
        assertThat(states).containsExactly("CPUs 0-1: not pinned: no cpufreq",
                "CPUs 2: performance, 2,100\u20132,100 MHz, boost off (pinned)",
                "CPUs 3: performance, 2,100\u20132,100 MHz, boost off");
    }

    @Test
    void usedCpusAreListedAsRanges() {
        assertThat(EnvironmentFacts.ranges(List.of(8, 0, 1, 2, 3, 10, 11))).isEqualTo("0-3,8,10-11");
    }
}
