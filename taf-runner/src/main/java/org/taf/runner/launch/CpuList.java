package org.taf.runner.launch;

import java.util.BitSet;

/** Linux CPU lists ({@code 0-2,5}) as sets: the kernel's and a profile's spelling of one set may differ. */
final class CpuList {
    private CpuList() {}

    /** The CPUs of a list; an empty or malformed list gives an empty set. */
    static BitSet parse(String list) {
        BitSet set = new BitSet();
        for (String part : list.strip().split(",")) {
            String[] ends = part.strip().split("-");
            try {
                int lo = Integer.parseInt(ends[0].strip());
                int hi = ends.length > 1 ? Integer.parseInt(ends[1].strip()) : lo;
                if (lo < 0 || hi < lo || hi > 65535) {
                    return new BitSet();
                }
                set.set(lo, hi + 1);
            } catch (NumberFormatException e) {
                return new BitSet();
            }
        }
        return set;
    }

    /** Whether two lists name the same non-empty set of CPUs. */
    static boolean same(String a, String b) {
        BitSet x = parse(a);
        return !x.isEmpty() && x.equals(parse(b));
    }
}
