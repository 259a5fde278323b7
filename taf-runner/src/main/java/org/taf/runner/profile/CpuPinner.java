package org.taf.runner.profile;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Applies a profile's CPU governor, frequencies, boost and SMT through sysfs and puts them back.
 *
 * <p>Safety first: every original value is saved to a {@link PinStateFile} before the first write;
 * a write that fails rolls back what was written (in reverse order) so nothing is left half-pinned;
 * the values read back after writing are what gets recorded, never the values asked for; and a
 * state file left by a run that was killed is restored (then deleted) before anything else.
 * Without {@code profile.cpu.strict} a failure is recorded in the {@link PinOutcome} and the run
 * goes on unpinned; with it, {@link #apply} throws a {@link CpuPinException} naming the file and
 * value, having changed nothing. Needs root on a real host (sysfs files are root-writable only).
 */
public final class CpuPinner {
    /** Name of the state file in the runner's state directory. */
    public static final String STATE_FILE = "cpu-pinning.state";

    private final Sysfs sysfs;
    private final HostFacts facts;
    private final PinStateFile state;
    private final PrintStream err;

    /**
     * @param sysfs the sysfs to change (a fake tree in tests)
     * @param facts reads the online CPUs and the frequency state under the same root
     * @param state where the originals are saved
     * @param err   where restoring after a crash is reported (stderr)
     */
    public CpuPinner(Sysfs sysfs, HostFacts facts, PinStateFile state, PrintStream err) {
        this.sysfs = sysfs;
        this.facts = facts;
        this.state = state;
        this.err = err;
    }

    /** The pinner of this machine, keeping its state in {@code stateDir}. */
    public static CpuPinner system(Path stateDir) {
        return new CpuPinner(Sysfs.system(), HostFacts.system(), new PinStateFile(stateDir.resolve(STATE_FILE)),
                System.err);
    }

    /**
     * Restores the settings a run that did not finish (killed, crashed host) left in the state
     * file, then deletes the file, saying so on stderr. Does nothing when there is no state file.
     *
     * @return how many sysfs values were restored
     * @throws CpuPinException when a value cannot be restored; the file then keeps what is left
     */
    public int recover() {
        Optional<List<SysfsValue>> left = state.load();
        if (left.isEmpty()) {
            return 0;
        }
        List<SysfsValue> values = left.get();
        err.println("taf: " + state.file() + " was left by a run that did not finish; restoring " + values.size()
                + " CPU setting(s): " + values.stream().map(SysfsValue::toString).collect(Collectors.joining(", ")));
        List<String> failed = restore(values);
        if (!failed.isEmpty()) {
            throw new CpuPinException("cannot restore the CPU settings saved in " + state.file() + ": "
                    + String.join("; ", failed) + " (set them by hand, then delete the file)");
        }
        err.println("taf: CPU settings restored; deleted " + state.file());
        return values.size();
    }

    /**
     * Applies {@code req} (after {@link #recover()}ing any leftover state) and reads back what it
     * achieved. The returned {@link Pinning} must be restored at the end of the run.
     *
     * @throws CpuPinException in strict mode when anything cannot be applied, the state file included
     *                         (nothing is left changed)
     */
    public Pinning apply(CpuPinRequest req) {
        recover();
        if (!req.asksAnything()) {
            boolean anyCpufreq = req.cpus().stream().anyMatch(c -> sysfs.exists(PinPlan.cpufreqDir(c)));
            return new Pinning(this, readBack(req, anyCpufreq ? PinOutcome.LEFT_AS_FOUND : PinOutcome.NO_CPUFREQ,
                    List.of(), false), List.of());
        }
        List<Integer> online = facts.onlineCpus();
        PinPlan plan = PinPlan.of(sysfs, req, online);
        if (!plan.problems.isEmpty()) {
            return unpinned(req, plan.problems);
        }
        try {
            state.save(plan.writes.stream().map(PinPlan.Write::originalValue).toList());
        } catch (CpuPinException e) {
            // Without a saved copy a killed run could not be undone: pin nothing.
            return unpinned(req, List.of(new PinProblem(-1, req.describe(), state.file().toString(),
                    "the original values cannot be saved there first: " + e.getCause(), false)));
        }
        List<SysfsValue> done = new ArrayList<>();
        for (PinPlan.Write w : plan.writes) {
            try {
                sysfs.write(w.path(), w.value());
                done.add(w.originalValue());
            } catch (IOException e) {
                PinProblem p = new PinProblem(w.cpu(), setting(w), w.path(), "the write of '" + w.value()
                        + "' was refused: " + reason(e), false);
                return rollBack(req, done, List.of(p));
            }
        }
        List<PinProblem> mismatches = verify(plan);
        if (!mismatches.isEmpty()) {
            return rollBack(req, done, mismatches);
        }
        if (done.isEmpty()) {
            state.delete(); // everything already was as asked: nothing to restore
        }
        return new Pinning(this, readBack(req, "pinned", List.of(), true), done);
    }

    /** {@link #apply(CpuPinRequest)} for a profile: its cpusets' CPUs, or every online CPU when it names none. */
    public Pinning apply(ProfileOptions profile) {
        return apply(CpuPinRequest.of(profile, facts.onlineCpus()));
    }

    /** Puts {@code originals} back in reverse order; returns the failures (empty when all done). */
    synchronized List<String> restore(List<SysfsValue> originals) {
        List<String> failed = new ArrayList<>();
        List<SysfsValue> left = new ArrayList<>();
        for (int i = originals.size() - 1; i >= 0; i--) {
            SysfsValue v = originals.get(i);
            try {
                sysfs.write(v.path(), v.value());
            } catch (IOException e) {
                failed.add(v.path() + ": cannot write back '" + v.value() + "': " + reason(e));
                left.add(0, v);
            }
        }
        if (left.isEmpty()) {
            state.delete();
        } else {
            state.save(left); // the next start tries these again
        }
        return failed;
    }

    private Pinning rollBack(CpuPinRequest req, List<SysfsValue> done, List<PinProblem> problems) {
        List<String> failed = restore(done);
        if (!failed.isEmpty()) {
            throw new CpuPinException(problems.get(0).message() + "; and rolling back failed: "
                    + String.join("; ", failed)
                    + " (kept in " + state.file() + " for the next start)");
        }
        return unpinned(req, problems);
    }

    private Pinning unpinned(CpuPinRequest req, List<PinProblem> problems) {
        if (req.strict()) {
            String more = problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "";
            throw new CpuPinException("profile " + req.profile() + " has profile.cpu.strict=true and its CPU settings ("
                    + req.describe() + ") cannot be applied: " + problems.get(0).message() + more
                    + "; nothing was changed");
        }
        boolean allNoCpufreq = problems.stream().allMatch(PinProblem::noCpufreq);
        String note = allNoCpufreq ? PinOutcome.NO_CPUFREQ : problems.get(0).status();
        return new Pinning(this, readBack(req, note, problems, false), List.of());
    }

    /** Reads every changed file back: the kernel may clamp a value it accepted. */
    private List<PinProblem> verify(PinPlan plan) {
        List<PinProblem> out = new ArrayList<>();
        for (PinPlan.Write w : plan.writes) {
            String now;
            try {
                now = sysfs.read(w.path());
            } catch (IOException e) {
                now = "(unreadable: " + reason(e) + ")";
            }
            if (!now.equals(w.value())) {
                out.add(new PinProblem(w.cpu(), setting(w), w.path(), "reads '" + now + "' after writing '" + w.value()
                        + "'", false));
            }
        }
        return out;
    }

    private PinOutcome readBack(CpuPinRequest req, String note, List<PinProblem> problems, boolean pinned) {
        CpuFreqState freq = facts.cpuFreq();
        String boost = facts.boost();
        List<PinnedCpu> cpus = new ArrayList<>();
        for (int cpu : req.cpus()) {
            Optional<CpuFreqState.Cpu> c = freq.cpus().stream().filter(x -> x.cpu() == cpu).findFirst();
            String status = pinned ? "pinned" : problems.stream().filter(p -> p.cpu() == cpu).findFirst()
                    .map(PinProblem::status).orElse(note);
            cpus.add(c.map(x -> new PinnedCpu(cpu, x.governor(), x.minKhz(), x.maxKhz(), boost, status))
                    .orElseGet(() -> new PinnedCpu(cpu, "none", 0, 0, boost, status)));
        }
        String smt;
        try {
            smt = sysfs.exists(PinPlan.SMT) ? sysfs.read(PinPlan.SMT) : "unknown";
        } catch (IOException e) {
            smt = "unknown";
        }
        String text = pinned ? "pinned: " + req.describe() : note;
        return new PinOutcome(pinned, text, cpus, smt, problems);
    }

    private static String setting(PinPlan.Write w) {
        String file = w.path().substring(w.path().lastIndexOf('/') + 1);
        return switch (file) {
            case "scaling_governor" -> "profile.cpu.governor=" + w.value();
            case "scaling_min_freq" -> "profile.cpu.min_freq=" + w.value() + "kHz";
            case "scaling_max_freq" -> "profile.cpu.max_freq=" + w.value() + "kHz";
            case "control" -> "profile.cpu.smt=" + w.value();
            default -> "profile.cpu.boost (" + file + "=" + w.value() + ")";
        };
    }

    /** The kernel's reason for a failed read or write, without Java's exception class names. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied (TAF must run as root to change CPU settings)";
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
