package org.taf.runner.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.taf.runner.sys.AtomicWrite;
import org.taf.runner.sys.SysException;

/**
 * The original values of the sysfs files TAF is about to change, saved before the first write so
 * that a run killed with -9 (or a crashed host) can be restored at the next start. Text, one
 * {@code path<TAB>value} per line in the order the files were changed, after a header line;
 * written atomically (a temporary file beside it, then a rename), so a reader sees all of it or
 * nothing.
 */
public final class PinStateFile {
    static final String HEADER = "# taf cpu pinning state v1: original sysfs values, restored in reverse order";

    private final Path file;

    /** @param file where the state lives, normally {@code <cache.dir>/state/cpu-pinning.state} */
    public PinStateFile(Path file) {
        this.file = file;
    }

    /** The state file. */
    public Path file() {
        return file;
    }

    /**
     * Saves {@code originals} (in the order they will be changed), replacing any earlier state.
     *
     * @throws CpuPinException when the file cannot be written; then nothing may be changed
     */
    public void save(List<SysfsValue> originals) {
        StringBuilder b = new StringBuilder(HEADER).append('\n');
        originals.forEach(v -> b.append(v.path()).append('\t').append(v.value()).append('\n'));
        try {
            AtomicWrite.write(file, b.toString().getBytes(StandardCharsets.UTF_8));
        } catch (SysException e) {
            throw new CpuPinException("cannot save the CPU settings to restore to " + file + ": " + e.getCause()
                    + "; nothing was changed", e);
        }
    }

    /**
     * The saved originals, or empty when there is no state file.
     *
     * @throws CpuPinException when the file exists but is not a state file (the message names its line)
     */
    public Optional<List<SysfsValue>> load() {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CpuPinException("cannot read the CPU pinning state " + file + ": " + e, e);
        }
        if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
            throw new CpuPinException(file + ":1: not a TAF CPU pinning state file (expected '" + HEADER + "')");
        }
        List<SysfsValue> out = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int tab = line.indexOf('\t');
            try {
                if (tab < 0) {
                    throw new IllegalArgumentException("expected path<TAB>value");
                }
                out.add(new SysfsValue(line.substring(0, tab), line.substring(tab + 1)));
            } catch (IllegalArgumentException e) {
                throw new CpuPinException(file + ":" + (i + 1) + ": " + e.getMessage() + ": '" + line + "'");
            }
        }
        return Optional.of(out);
    }

    /** Removes the state file once everything in it is restored. */
    public void delete() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new CpuPinException("cannot delete the CPU pinning state " + file + ": " + e, e);
        }
    }
}
