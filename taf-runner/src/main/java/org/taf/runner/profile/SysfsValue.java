package org.taf.runner.profile;

/**
 * A sysfs file and a value for it: something TAF wrote or will write, or the value it found there
 * and must put back.
 *
 * @param path  the file as the kernel names it, e.g. {@code /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor}
 * @param value the content without the trailing newline; a single line without tabs
 */
public record SysfsValue(String path, String value) {
    public SysfsValue {
        if (path == null || !path.startsWith("/sys/") || path.contains("\t") || path.contains("\n")) {
            throw new IllegalArgumentException("not a sysfs path: " + path);
        }
        if (value == null || value.contains("\t") || value.contains("\n")) {
            throw new IllegalArgumentException("a sysfs value is one line without tabs: '" + value + "' for " + path);
        }
    }

    @Override
    public String toString() {
        return path + "=" + value;
    }
}
