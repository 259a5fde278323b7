package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Known-answer test against sysbench 1.0.20 itself: the resource files hold what {@code draws.lua} printed
 * under each --rand-type with --rand-seed=42, and the xoroshiro128+ state the worker thread started from
 * (recovered from glibc's random() sequence). Replaying that state must give the same draws, bit for bit.
 */
class SysbenchDrawsTest {
    private static final long S0 = 308705783040459876L;
    private static final long S1 = 6369990040555359017L;

    @ParameterizedTest
    @EnumSource(value = RandType.class, names = {"UNIFORM", "SPECIAL", "GAUSSIAN", "PARETO"})
    void replaysSysbenchDrawForDraw(RandType type) throws IOException {
        List<String[]> lines = read(type.sysbenchName() + ".txt");
        assertThat(lines).hasSize(2027);
        RandomSource r = RandomSource.ofState(S0, S1, type);
        int checked = 0;
        for (String[] line : lines) {
            String kind = line[0];
            String expected = line[1];
            String actual = switch (kind) {
                case "raw" -> Long.toUnsignedString(r.nextLong());
                case "default" -> Long.toString(r.next(1, 10000));
                case "uniform" -> Long.toString(r.uniform(1, 4));
                case "string" -> RowFormat.c(r);
                default -> throw new AssertionError("unknown line kind " + kind);
            };
            assertThat(actual).as("draw %d (%s) under %s", checked, kind, type).isEqualTo(expected);
            checked++;
        }
        assertThat(checked).isEqualTo(2027);
    }

    private static List<String[]> read(String name) throws IOException {
        try (InputStream in = SysbenchDrawsTest.class.getResourceAsStream("/workload/sysbench-draws/" + name)) {
            assertThat(in).as(name).isNotNull();
            List<String[]> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    out.add(line.split(" ", 2));
                }
            }
            return out;
        }
    }
}
