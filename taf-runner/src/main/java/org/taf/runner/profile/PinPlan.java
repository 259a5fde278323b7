package org.taf.runner.profile;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sysfs writes that turn the host's current CPU settings into a {@link CpuPinRequest}, with
 * each file's original value, found by reading everything first and validating it: a governor
 * the CPU offers ({@code scaling_available_governors}), frequencies within
 * {@code cpuinfo_min_freq..cpuinfo_max_freq}. Files that already hold the wanted value are not
 * written (and so never need restoring). Any problem found here means nothing will be written.
 *
 * <p>Order: SMT, boost, then per CPU the governor and the two frequencies, the frequency writes
 * ordered so that {@code scaling_min_freq <= scaling_max_freq} holds after each one (the kernel
 * refuses a write that breaks it). Restoring the originals in reverse order passes through the
 * same states backwards, so it keeps that rule too.
 */
final class PinPlan {
    static final String CPU = "/sys/devices/system/cpu/";
    static final String BOOST = CPU + "cpufreq/boost";
    static final String NO_TURBO = CPU + "intel_pstate/no_turbo";
    static final String SMT = CPU + "smt/control";

    /** One write: the file, the value to write, the value it had, and the CPU (-1: host-wide). */
    record Write(int cpu, String path, String value, String original) {
        SysfsValue originalValue() {
            return new SysfsValue(path, original);
        }
    }

    final List<Write> writes = new ArrayList<>();
    final List<PinProblem> problems = new ArrayList<>();
    private final Sysfs sysfs;
    private final CpuPinRequest req;

    private PinPlan(Sysfs sysfs, CpuPinRequest req) {
        this.sysfs = sysfs;
        this.req = req;
    }

    static PinPlan of(Sysfs sysfs, CpuPinRequest req, List<Integer> online) {
        PinPlan p = new PinPlan(sysfs, req);
        p.smt();
        p.boost();
        for (int cpu : req.cpus()) {
            if (!online.contains(cpu)) {
                p.problems.add(new PinProblem(cpu, "profile " + req.profile() + " CPU " + cpu, CPU + "online",
                        "CPU " + cpu + " is not online", false));
            } else if (req.asksFrequency()) {
                p.cpu(cpu);
            }
        }
        return p;
    }

    static String cpufreqDir(int cpu) {
        return CPU + "cpu" + cpu + "/cpufreq/";
    }

    private void smt() {
        if (req.smt() == CpuToggle.UNCHANGED) {
            return;
        }
        String setting = "profile.cpu.smt=" + req.smt().label();
        String cur = readOr(SMT, setting, -1);
        if (cur == null) {
            return;
        }
        boolean noSmt = cur.equals("notsupported") || cur.equals("forceoff");
        if (req.smt() == CpuToggle.OFF && noSmt) {
            return; // no sibling threads run: what "off" asks for already holds
        }
        if (!cur.equals("on") && !cur.equals("off")) {
            problems.add(new PinProblem(-1, setting, SMT, "SMT control is '" + cur + "' and cannot be switched",
                    false));
        } else if (!cur.equals(req.smt().label())) {
            writes.add(new Write(-1, SMT, req.smt().label(), cur));
        }
    }

    private void boost() {
        if (req.boost() == CpuToggle.UNCHANGED) {
            return;
        }
        String setting = "profile.cpu.boost=" + req.boost().label();
        boolean on = req.boost() == CpuToggle.ON;
        String file;
        String want;
        if (sysfs.exists(BOOST)) {
            file = BOOST;
            want = on ? "1" : "0";
        } else if (sysfs.exists(NO_TURBO)) {
            file = NO_TURBO; // intel_pstate says it the other way round
            want = on ? "0" : "1";
        } else {
            boolean anyCpufreq = req.cpus().stream().anyMatch(c -> sysfs.exists(cpufreqDir(c)));
            problems.add(new PinProblem(-1, setting, BOOST, anyCpufreq
                    ? "no boost control (neither " + BOOST + " nor " + NO_TURBO + " exists)"
                    : "does not exist (no cpufreq on this host)", !anyCpufreq));
            return;
        }
        String cur = readOr(file, setting, -1);
        if (cur != null && !cur.equals(want)) {
            writes.add(new Write(-1, file, want, cur));
        }
    }

    private void cpu(int cpu) {
        String dir = cpufreqDir(cpu);
        if (!sysfs.exists(dir)) {
            problems.add(new PinProblem(cpu, req.describe(), dir.substring(0, dir.length() - 1),
                    "does not exist (no cpufreq on this host)", true));
            return;
        }
        req.governor().ifPresent(g -> governor(cpu, dir, g));
        if (req.minFreqKhz().isEmpty() && req.maxFreqKhz().isEmpty()) {
            return;
        }
        String minSetting = "profile.cpu.min_freq=" + req.minFreqKhz().orElse(-1) + "kHz";
        String maxSetting = "profile.cpu.max_freq=" + req.maxFreqKhz().orElse(-1) + "kHz";
        Long curMin = readLong(dir + "scaling_min_freq", minSetting, cpu);
        Long curMax = readLong(dir + "scaling_max_freq", maxSetting, cpu);
        Long hwMin = readLong(dir + "cpuinfo_min_freq", minSetting, cpu);
        Long hwMax = readLong(dir + "cpuinfo_max_freq", maxSetting, cpu);
        if (curMin == null || curMax == null || hwMin == null || hwMax == null) {
            return;
        }
        long min = req.minFreqKhz().orElse(curMin);
        long max = req.maxFreqKhz().orElse(curMax);
        boolean ok = inRange(cpu, minSetting, dir + "scaling_min_freq", req.minFreqKhz().isPresent(), min, hwMin, hwMax)
                & inRange(cpu, maxSetting, dir + "scaling_max_freq", req.maxFreqKhz().isPresent(), max, hwMin, hwMax);
        if (!ok) {
            return;
        }
        if (min > max) {
            String which = req.minFreqKhz().isPresent() ? minSetting : maxSetting;
            problems.add(new PinProblem(cpu, which, dir + (req.minFreqKhz().isPresent() ? "scaling_min_freq"
                    : "scaling_max_freq"), "would leave scaling_min_freq " + min + " above scaling_max_freq " + max,
                    false));
            return;
        }
        Write minWrite = min == curMin ? null : new Write(cpu, dir + "scaling_min_freq", Long.toString(min),
                Long.toString(curMin));
        Write maxWrite = max == curMax ? null : new Write(cpu, dir + "scaling_max_freq", Long.toString(max),
                Long.toString(curMax));
        // Raising the minimum above the current maximum would be refused: raise the maximum first.
        boolean maxFirst = min > curMax;
        for (Write w : maxFirst ? Arrays.asList(maxWrite, minWrite) : Arrays.asList(minWrite, maxWrite)) {
            if (w != null) {
                writes.add(w);
            }
        }
    }

    private void governor(int cpu, String dir, String governor) {
        String setting = "profile.cpu.governor=" + governor;
        String available = readOr(dir + "scaling_available_governors", setting, cpu);
        String cur = readOr(dir + "scaling_governor", setting, cpu);
        if (available == null || cur == null) {
            return;
        }
        if (!Arrays.asList(available.split("\\s+")).contains(governor)) {
            problems.add(new PinProblem(cpu, setting, dir + "scaling_governor",
                    "not one of the available governors: " + available, false));
        } else if (!cur.equals(governor)) {
            writes.add(new Write(cpu, dir + "scaling_governor", governor, cur));
        }
    }

    private boolean inRange(int cpu, String setting, String file, boolean asked, long khz, long hwMin, long hwMax) {
        if (asked && (khz < hwMin || khz > hwMax)) {
            problems.add(new PinProblem(cpu, setting, file, "outside what the CPU can do: cpuinfo_min_freq " + hwMin
                    + " to cpuinfo_max_freq " + hwMax + " kHz", false));
            return false;
        }
        return true;
    }

    private String readOr(String path, String setting, int cpu) {
        try {
            return sysfs.read(path);
        } catch (IOException e) {
            problems.add(new PinProblem(cpu, setting, path, "cannot read it: " + CpuPinner.reason(e), false));
            return null;
        }
    }

    private Long readLong(String path, String setting, int cpu) {
        String s = readOr(path, setting, cpu);
        if (s == null) {
            return null;
        }
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            problems.add(new PinProblem(cpu, setting, path, "holds '" + s + "', not a frequency in kHz", false));
            return null;
        }
    }
}
