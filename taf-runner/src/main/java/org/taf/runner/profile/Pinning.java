package org.taf.runner.profile;

import java.util.List;

/**
 * The CPU settings a run applied, to be put back once: at the end of the run, from its shutdown
 * hook on Ctrl-C / SIGTERM, or both (the second call does nothing). If the runner dies before,
 * the state file brings them back at the next start ({@link CpuPinner#recover()}).
 */
public final class Pinning {
    private final CpuPinner pinner;
    private final PinOutcome outcome;
    private List<SysfsValue> toRestore;

    Pinning(CpuPinner pinner, PinOutcome outcome, List<SysfsValue> originals) {
        this.pinner = pinner;
        this.outcome = outcome;
        this.toRestore = List.copyOf(originals);
    }

    /** What was achieved, read back from sysfs. */
    public PinOutcome outcome() {
        return outcome;
    }

    /**
     * Puts back every value that was changed, in reverse order. Safe to call more than once and from
     * another thread.
     *
     * @return the values that could not be restored (empty when all are back); they stay in the
     *         state file for the next start
     */
    public synchronized List<String> restore() {
        if (toRestore.isEmpty()) {
            return List.of();
        }
        List<String> failed = pinner.restore(toRestore);
        toRestore = List.of();
        return failed;
    }
}
