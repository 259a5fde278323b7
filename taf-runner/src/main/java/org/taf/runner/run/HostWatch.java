package org.taf.runner.run;

import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.host.HostProbe;
import org.taf.runner.host.QuietWait;
import org.taf.runner.results.IterationRecord;
import org.taf.runner.results.IterationRecord.IterationFlag;
import org.taf.runner.results.ProbeRecord;
import org.taf.runner.sys.Sleeper;
import org.taf.runner.sys.Ticker;

/**
 * The host probe around each A/B pair of a run ({@code host.*}): before the pair it reads the host and waits for a
 * quiet spell as {@code host.quiet_wait} allows, after it reads the host again; every reading goes into the run's
 * record, and a pair read noisy on either side of it is flagged {@link IterationFlag#NOISY_SPELL}. With
 * {@code host.probe = 0s} it does nothing.
 */
final class HostWatch {
    private final QuietWait quiet;
    private final RunState state;
    private final PrintStream out;
    private int pairsDone;

    private HostWatch(QuietWait quiet, RunState state, PrintStream out) {
        this.quiet = quiet;
        this.state = state;
        this.out = out;
    }

    /** The watch of a run on this host; {@code history} is the host's stored readings, oldest first. */
    static HostWatch of(TestDefinition def, List<ProbeRecord> history, RunState state, Clock clock, PrintStream out) {
        QuietWait quiet = def.host().enabled() ? new QuietWait(def.host(), HostProbe.system(clock), history,
                Sleeper.system(), Ticker.system(), out) : null;
        return new HostWatch(quiet, state, out);
    }

    /**
     * Reads the host before a pair, waiting for a quiet spell as {@code host.quiet_wait} allows; returns whether
     * the pair starts in a noisy spell (only once the wait has run out).
     */
    boolean beforePair() {
        if (quiet == null) {
            return false;
        }
        try {
            quiet.beforePair(pairsDone).forEach(state::probe);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunInterruptedException("interrupted while waiting for the host to quieten");
        }
        if (pairsDone == 0) {
            out.printf("taf: host probe: %s (%s)%n", quiet.last().describe(), quiet.last().quiet() ? "quiet"
                    : "a noisy spell");
        }
        return !quiet.last().quiet();
    }

    /** Reads the host after a pair; returns whether it ended in a noisy spell. */
    boolean afterPair() {
        pairsDone++;
        if (quiet == null) {
            return false;
        }
        ProbeRecord r = quiet.read(pairsDone);
        state.probe(r);
        if (!r.quiet()) {
            out.printf("taf: host probe after the pair: %s, a noisy spell: the pair is flagged NOISY_SPELL%n",
                    r.describe());
        }
        return !r.quiet();
    }

    /** Time spent waiting for the host to quieten: not measuring, so not paid from {@code stats.budget}. */
    Duration waited() {
        return quiet == null ? Duration.ZERO : quiet.waited();
    }

    /** {@code it}, flagged NOISY_SPELL when its pair was measured in a noisy spell. */
    static IterationRecord flagged(IterationRecord it, boolean spell) {
        return spell ? it.flagged(IterationFlag.NOISY_SPELL) : it;
    }
}
