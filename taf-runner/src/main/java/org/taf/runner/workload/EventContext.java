package org.taf.runner.workload;

/**
 * What a worker thread hands to a workload when it builds its event: its session, its random stream, the
 * options, its place among the threads (RANDOM-POINTS and RANDOM-RANGES split the key space by thread, TPROC-C
 * homes each thread on a warehouse) and its counters (TPROC-C counts its new orders there).
 */
record EventContext(SqlSession session, RandomSource random, WorkloadOptions options, int thread, int threads,
                    Counters counters) {
    EventContext {
        if (thread < 0 || thread >= threads) {
            throw new IllegalArgumentException("thread " + thread + " outside 0.." + (threads - 1));
        }
    }

    /** This context with every statement sent as text ({@code --db-ps-mode=disable}). */
    EventContext overText() {
        return new EventContext(new TextSession(session), random, options, thread, threads, counters);
    }

    /** {@code sysbench.rand.uniform(1, tables)}: the table of the next statement group. */
    int table() {
        return (int) random.uniform(1, options.tables());
    }

    /** {@code sysbench.rand.default(1, table_size)}: an id (or k) from the run's distribution. */
    int id() {
        return (int) random.next(1, options.tableSize());
    }
}
