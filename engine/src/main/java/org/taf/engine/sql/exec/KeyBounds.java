package org.taf.engine.sql.exec;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;

/**
 * The integer key ranges of a set of {@link KeySpec}s for one execution: bounds evaluated,
 * converted to whole keys (MariaDB compares an integer column with {@code 2.5} or {@code '7x'}
 * numerically, so {@code id > 2.5} starts at 3 and {@code id = 2.5} matches nothing), sorted,
 * and overlapping ranges merged so that no row is read twice. Bounds are inclusive.
 */
final class KeyBounds {
    private static final BigDecimal MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal MAX = BigDecimal.valueOf(Long.MAX_VALUE);

    final long[] low;
    final long[] high;
    final int count;
    /** Every range is a single key: answer with point lookups. */
    final boolean allPoints;

    private KeyBounds(long[] low, long[] high, int count, boolean allPoints) {
        this.low = low;
        this.high = high;
        this.count = count;
        this.allPoints = allPoints;
    }

    /** @param outer the row the values are evaluated on (a join's outer tables), or null */
    static KeyBounds of(List<KeySpec> specs, Object[] params, org.taf.engine.api.Row outer) {
        int n = specs.size();
        long[] low = new long[n];
        long[] high = new long[n];
        int count = 0;
        boolean allPoints = true;
        for (int i = 0; i < n; i++) {
            KeySpec s = specs.get(i);
            if (s.isPoint()) {
                Long k = point(s.low().eval(outer, params));
                if (k != null) {
                    low[count] = k;
                    high[count++] = k;
                }
                continue;
            }
            Long lo = s.low() == null ? Long.valueOf(Long.MIN_VALUE)
                    : lowBound(s.low().eval(outer, params), s.lowInclusive());
            Long hi = s.high() == null ? Long.valueOf(Long.MAX_VALUE)
                    : highBound(s.high().eval(outer, params), s.highInclusive());
            if (lo == null || hi == null || lo > hi) {
                continue;
            }
            low[count] = lo;
            high[count++] = hi;
            allPoints &= lo.longValue() == hi.longValue();
        }
        if (count > 1) {
            if (allPoints) {
                Arrays.sort(low, 0, count);
                int m = 1;
                for (int i = 1; i < count; i++) {
                    if (low[i] != low[m - 1]) {
                        low[m++] = low[i];
                    }
                }
                count = m;
                System.arraycopy(low, 0, high, 0, count);
            } else {
                count = sortAndMerge(low, high, count);
            }
        }
        return new KeyBounds(low, high, count, allPoints);
    }

    private static int sortAndMerge(long[] low, long[] high, int count) {
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Long.compare(low[a], low[b]));
        long[] lo = new long[count];
        long[] hi = new long[count];
        int m = 0;
        for (Integer i : order) {
            if (m > 0 && (hi[m - 1] == Long.MAX_VALUE || low[i] <= hi[m - 1] + 1)) {
                hi[m - 1] = Math.max(hi[m - 1], high[i]);
            } else {
                lo[m] = low[i];
                hi[m++] = high[i];
            }
        }
        System.arraycopy(lo, 0, low, 0, m);
        System.arraycopy(hi, 0, high, 0, m);
        return m;
    }

    /** The key equal to {@code v}, or null if no integer key can be (NULL, a fraction, out of range). */
    static Long point(Object v) {
        if (v instanceof Long l) {
            return l;
        }
        if (v == null) {
            return null;
        }
        BigDecimal d = Values.toDecimal(v);
        return Values.fitsLong(d) ? d.longValueExact() : null;
    }

    /** The smallest key at or above (above, if exclusive) {@code v}, or null if there is none. */
    static Long lowBound(Object v, boolean inclusive) {
        if (v instanceof Long l) {
            return inclusive ? l : (l == Long.MAX_VALUE ? null : l + 1);
        }
        if (v == null) {
            return null;
        }
        BigDecimal d = Values.toDecimal(v);
        BigDecimal k = inclusive
                ? d.setScale(0, RoundingMode.CEILING)
                : d.setScale(0, RoundingMode.FLOOR).add(BigDecimal.ONE);
        if (k.compareTo(MAX) > 0) {
            return null;
        }
        return k.compareTo(MIN) < 0 ? Long.MIN_VALUE : k.longValueExact();
    }

    /** The largest key at or below (below, if exclusive) {@code v}, or null if there is none. */
    static Long highBound(Object v, boolean inclusive) {
        if (v instanceof Long l) {
            return inclusive ? l : (l == Long.MIN_VALUE ? null : l - 1);
        }
        if (v == null) {
            return null;
        }
        BigDecimal d = Values.toDecimal(v);
        BigDecimal k = inclusive
                ? d.setScale(0, RoundingMode.FLOOR)
                : d.setScale(0, RoundingMode.CEILING).subtract(BigDecimal.ONE);
        if (k.compareTo(MIN) < 0) {
            return null;
        }
        return k.compareTo(MAX) > 0 ? Long.MAX_VALUE : k.longValueExact();
    }
}
