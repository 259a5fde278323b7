package org.taf.runner.workload;

/**
 * The value templates of sysbench's {@code oltp_common.lua}: groups of 11 random digits joined by '-'.
 * {@code c} has 10 groups (119 characters), {@code pad} 5 groups (59 characters).
 */
final class RowFormat {
    static final String C_TEMPLATE = groups(10);
    static final String PAD_TEMPLATE = groups(5);

    private RowFormat() {}

    private static String groups(int n) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append('-');
            }
            b.append("###########");
        }
        return b.toString();
    }

    static String c(RandomSource r) {
        return r.string(C_TEMPLATE);
    }

    static String pad(RandomSource r) {
        return r.string(PAD_TEMPLATE);
    }
}
