package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Shapes of the distributions, checked statistically with fixed seeds (so the outcome never varies). */
class RandTypeTest {
    private static final int N = 200_000;
    private static final int SIZE = 10_000;

    private static long[] histogram(RandType type, long seed, int a, int b) {
        return histogram(type, seed, a, b, N);
    }

    private static long[] histogram(RandType type, long seed, int a, int b, int n) {
        RandomSource r = RandomSource.of(seed, 0, type);
        long[] counts = new long[b + 1];
        for (int i = 0; i < n; i++) {
            long v = r.next(a, b);
            assertThat(v).as("%s draw %d", type, i).isBetween((long) a, (long) b);
            counts[(int) v]++;
        }
        return counts;
    }

    private static double share(long[] counts, int from, int to) {
        long sum = 0;
        for (int v = from; v <= to; v++) {
            sum += counts[v];
        }
        return (double) sum / N;
    }

    @ParameterizedTest
    @EnumSource(RandType.class)
    void staysWithinBoundsAndIsDeterministicPerThread(RandType type) {
        RandomSource a = RandomSource.of(7, 3, type);
        RandomSource b = RandomSource.of(7, 3, type);
        RandomSource otherThread = RandomSource.of(7, 4, type);
        int same = 0;
        for (int i = 0; i < 1000; i++) {
            long x = a.next(5, 15);
            assertThat(x).isBetween(5L, 15L).isEqualTo(b.next(5, 15));
            if (x == otherThread.next(5, 15)) {
                same++;
            }
        }
        assertThat(same).as("another thread's stream differs").isLessThan(1000);
    }

    @Test
    void uniformFillsTenBucketsEvenly() {
        long[] counts = histogram(RandType.UNIFORM, 1, 1, SIZE);
        for (int bucket = 0; bucket < 10; bucket++) {
            assertThat(share(counts, bucket * 1000 + 1, bucket * 1000 + 1000)).isCloseTo(0.1, within(0.005));
        }
    }

    @Test
    void specialPutsThreeQuartersInTheCentralPercent() {
        long[] counts = histogram(RandType.SPECIAL, 2, 1, SIZE);
        // centre: t = b - a = 9999, d = t * 1% ~ 100, start = a + t/2 - t * 0.5% ~ 4951
        double centre = share(counts, 4951, 5050);
        // the other 25% is the mean of 12 uniforms, which also lands near the middle sometimes
        assertThat(centre).isBetween(0.75, 0.79);
        assertThat(share(counts, 1, 2500) + share(counts, 7501, SIZE)).isLessThan(0.01);
    }

    @Test
    void gaussianIsABellAroundTheMiddle() {
        RandomSource r = RandomSource.of(3, 0, RandType.GAUSSIAN);
        double sum = 0;
        double sumSq = 0;
        for (int i = 0; i < N; i++) {
            double v = r.next(1, SIZE);
            sum += v;
            sumSq += v * v;
        }
        double mean = sum / N;
        double sd = Math.sqrt(sumSq / N - mean * mean);
        assertThat(mean).isCloseTo(5000.5, within(20.0));
        // the mean of 12 uniforms over 10000 has sd 10000 / sqrt(12 * 12) = 833
        assertThat(sd).isCloseTo(SIZE / 12.0, within(15.0));
    }

    @Test
    void paretoPutsEightyPercentInTheLowestFifth() {
        long[] counts = histogram(RandType.PARETO, 4, 1, SIZE);
        assertThat(share(counts, 1, 2000)).isCloseTo(0.8, within(0.01));
        assertThat(counts[1]).isGreaterThan(counts[5000] * 100);
    }

    @Test
    void zipfianFollowsOneOverKToThePowerPointEight() {
        int n = 1_000_000;
        long[] counts = histogram(RandType.ZIPFIAN, 5, 1, SIZE, n);
        // P(1) / P(k) = k^0.8; tolerances are about 4 standard deviations at this sample size
        assertThat((double) counts[1] / counts[2]).isCloseTo(Math.pow(2, 0.8), within(0.06));
        assertThat((double) counts[1] / counts[10]).isCloseTo(Math.pow(10, 0.8), within(0.35));
        // P(1) = 1 / H(N, 0.8), with H the generalised harmonic number
        double harmonic = 0;
        for (int k = 1; k <= SIZE; k++) {
            harmonic += Math.pow(k, -0.8);
        }
        assertThat((double) counts[1] / n).isCloseTo(1 / harmonic, within(0.001));
        assertThat(counts[SIZE]).as("the tail is reachable").isPositive();
    }

    @Test
    void zipfianShiftsToTheLowerBound() {
        RandomSource r = RandomSource.of(6, 0, RandType.ZIPFIAN);
        long lowest = 0;
        for (int i = 0; i < 10_000; i++) {
            long v = r.next(100, 199);
            assertThat(v).isBetween(100L, 199L);
            if (v == 100) {
                lowest++;
            }
        }
        assertThat(lowest).isGreaterThan(300); // about 1 / H(100, 0.8) ~ 5% of draws
    }

    @Test
    void singleValueRangeAlwaysYieldsIt() {
        for (RandType type : RandType.values()) {
            RandomSource r = RandomSource.of(8, 0, type);
            for (int i = 0; i < 100; i++) {
                assertThat(r.next(42, 42)).as("%s", type).isEqualTo(42);
            }
        }
    }

    @Test
    void parsesSysbenchNames() {
        assertThat(RandType.parse("special")).isEqualTo(RandType.SPECIAL);
        assertThat(RandType.parse(" Uniform ")).isEqualTo(RandType.UNIFORM);
        assertThat(RandType.ZIPFIAN.sysbenchName()).isEqualTo("zipfian");
        assertThatThrownBy(() -> RandType.parse("normal"))
                .isInstanceOf(WorkloadException.class)
                .hasMessage("rand_type (normal) must be one of uniform, special, gaussian, pareto, zipfian");
    }

    @Test
    void stringTemplateReplacesOnlyPlaceholders() {
        RandomSource r = RandomSource.of(9, 0, RandType.UNIFORM);
        String s = r.string("ab-#@#");
        assertThat(s).matches("ab-[0-9][a-z][0-9]");
        assertThat(RowFormat.c(r)).matches("([0-9]{11}-){9}[0-9]{11}").hasSize(119);
        assertThat(RowFormat.pad(r)).matches("([0-9]{11}-){4}[0-9]{11}").hasSize(59);
    }
}
