package org.taf.runner.workload.tprocc;

import java.util.SplittableRandom;

/**
 * The TPC-C specification's random functions (clause 2.1.4-2.1.6, 4.3.2) for one terminal or one loading
 * thread: uniform integers, NURand with the run's constants, random a-strings and n-strings, last names and the
 * transaction mix. Streams are seeded by (seed, stream), so a terminal replays the same draws on any server.
 * Not thread-safe: one per thread.
 */
public final class TproccRandom {
    /** NURand's A for C_LAST, C_ID and OL_I_ID (clause 2.1.6). */
    static final int A_LAST = 255;
    static final int A_CUSTOMER = 1023;
    static final int A_ITEM = 8191;
    private static final String ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final String[] SYLLABLES = {"BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY",
        "ATION", "EING"};

    private final SplittableRandom random;
    private final Constants constants;
    private final boolean load;

    private TproccRandom(long seed, int stream, boolean load) {
        this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + stream * 2L + (load ? 1 : 0));
        this.constants = Constants.of(seed);
        this.load = load;
    }

    /** A loading thread's stream (stream 0 for ITEM, the warehouse's number for its rows). */
    public static TproccRandom forLoad(long seed, int stream) {
        return new TproccRandom(seed, stream, true);
    }

    /** A terminal's stream (one per virtual user). */
    public static TproccRandom forRun(long seed, int terminal) {
        return new TproccRandom(seed, terminal, false);
    }

    /**
     * NURand's constants C, one per field and the same for every terminal of a run (clause 2.1.6): chosen from the
     * seed, and the run's C for C_LAST differs from the load's by 65..119, never 96 or 112 (clause 2.1.6.1).
     */
    record Constants(int lastLoad, int lastRun, int customer, int item) {
        static Constants of(long seed) {
            SplittableRandom r = new SplittableRandom(seed ^ 0x5DEECE66DL);
            int lastLoad = r.nextInt(A_LAST + 1);
            int delta;
            do {
                delta = 65 + r.nextInt(119 - 65 + 1);
            } while (delta == 96 || delta == 112);
            int lastRun = lastLoad + delta <= A_LAST ? lastLoad + delta : lastLoad - delta;
            return new Constants(lastLoad, lastRun, r.nextInt(A_CUSTOMER + 1), r.nextInt(A_ITEM + 1));
        }
    }

    /** Uniform in [low, high]. */
    public int uniform(int low, int high) {
        return random.nextInt(low, high + 1);
    }

    /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x (clause 2.1.6). */
    static int nuRand(int a, int x, int y, int c, TproccRandom r) {
        return (((r.uniform(0, a) | r.uniform(x, y)) + c) % (y - x + 1)) + x;
    }

    /** A customer id, NURand(1023, 1, customers). */
    public int customerId(int customers) {
        return nuRand(A_CUSTOMER, 1, customers, constants.customer(), this);
    }

    /** An item id, NURand(8191, 1, items). */
    public int itemId(int items) {
        return nuRand(A_ITEM, 1, items, constants.item(), this);
    }

    /** A last-name number, NURand(255, 0, highest), with the load's or the run's C. */
    public int lastNameNumber(int highest) {
        return nuRand(A_LAST, 0, highest, load ? constants.lastLoad() : constants.lastRun(), this);
    }

    /** The last name of a number 0..999: its three digits' syllables (clause 4.3.2.3), e.g. 371 PRICALLYOUGHT. */
    public static String lastName(int number) {
        if (number < 0 || number > 999) {
            throw new IllegalArgumentException("last-name number (" + number + ") must be between 0 and 999");
        }
        return SYLLABLES[number / 100] + SYLLABLES[number / 10 % 10] + SYLLABLES[number % 10];
    }

    /** A random a-string of min..max letters and digits (clause 4.3.2.2). */
    public String alnum(int min, int max) {
        int n = uniform(min, max);
        char[] out = new char[n];
        for (int i = 0; i < n; i++) {
            out[i] = ALNUM.charAt(random.nextInt(ALNUM.length()));
        }
        return new String(out);
    }

    /** A random n-string of {@code n} digits. */
    public String digits(int n) {
        char[] out = new char[n];
        for (int i = 0; i < n; i++) {
            out[i] = (char) ('0' + random.nextInt(10));
        }
        return new String(out);
    }

    /** I_DATA and S_DATA: 26..50 characters, 10% holding "ORIGINAL" at a random place (clause 4.3.3.1). */
    public String data() {
        String s = alnum(26, 50);
        if (uniform(1, 10) == 1) {
            int at = uniform(0, s.length() - 8);
            s = s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
        }
        return s;
    }

    /** The next transaction of the standard mix (45/43/4/4/4). */
    public Transaction nextTransaction() {
        return Transaction.ofDraw(uniform(1, 100));
    }
}
