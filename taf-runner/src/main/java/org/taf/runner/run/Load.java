package org.taf.runner.run;

import java.io.PrintStream;
import java.time.Duration;
import org.taf.runner.launch.RunningEngine;
import org.taf.runner.workload.LoadGenerator;
import org.taf.runner.workload.LoadSession;
import org.taf.runner.workload.TproccConsistency;
import org.taf.runner.workload.Workload;
import org.taf.runner.workload.WorkloadOptions;
import org.taf.runner.workload.sample.SampleListener;

/**
 * A load on one engine, as an iteration's stages run it: one that connects for each run and disconnects at its
 * end (restart mode, a warm-up apart), or one whose connections stay open and wait between runs (alternate
 * mode, from the warm-up to the last window). The stages see only this, so their unit test can fake the load.
 */
interface Load extends AutoCloseable {

    /**
     * Runs until {@code limit} has passed, {@code listener} says stop, {@link #stop()} is called or the thread is
     * interrupted.
     *
     * @throws org.taf.runner.workload.WorkloadException when the load fails (the message quotes the server)
     */
    void run(Duration limit, SampleListener listener);

    /** Ends the run in progress from any thread. */
    void stop();

    /** Disconnects a load kept open; nothing for one that connects per run. */
    @Override
    void close();

    /** Opens the loads of an engine start. */
    interface Opener {
        /** A load that connects for each run. */
        Load perRun(RunningEngine engine, Workload workload, int threads);

        /** A load whose {@code threads} connections open now and stay open until it is closed. */
        Load keptOpen(RunningEngine engine, Workload workload, int threads);

        /**
         * Once an engine start's windows are measured: checks what {@code workload} promises of the data it leaves
         * (TPROC-C's consistency conditions, with {@code workload.check_after_run}); nothing for the others.
         *
         * @throws org.taf.runner.workload.WorkloadException naming the condition that does not hold
         */
        default void checkAfterRun(RunningEngine engine, Workload workload) {
        }

        /** The workload stage's loads over JDBC, on 127.0.0.1 at the engine's port; live lines to {@code live}. */
        static Opener jdbc(WorkloadOptions options, PrintStream live) {
            return new Opener() {
                @Override
                public Load perRun(RunningEngine engine, Workload workload, int threads) {
                    return new PerRun(new LoadGenerator(options.onPort(engine.port()), live), workload, threads);
                }

                @Override
                public Load keptOpen(RunningEngine engine, Workload workload, int threads) {
                    return new KeptOpen(new LoadGenerator(options.onPort(engine.port()), live)
                            .open(workload, threads));
                }

                @Override
                public void checkAfterRun(RunningEngine engine, Workload workload) {
                    if (workload.countsNewOrders() && options.checkAfterRun()) {
                        TproccConsistency.check(options.onPort(engine.port()).connection(), options.warehouses(),
                                "after the run");
                    }
                }
            };
        }
    }

    /** {@link LoadGenerator#run}: connects, runs, disconnects; a stop while it connects ends it once it starts. */
    record PerRun(LoadGenerator generator, Workload workload, int threads) implements Load {
        @Override
        public void run(Duration limit, SampleListener listener) {
            generator.run(workload, threads, limit, listener);
        }

        @Override
        public void stop() {
            generator.stop();
        }

        @Override
        public void close() {
            // nothing stays connected between runs
        }
    }

    /** A {@link LoadSession}: each run is one window on connections that wait between windows. */
    record KeptOpen(LoadSession session) implements Load {
        @Override
        public void run(Duration limit, SampleListener listener) {
            session.run(limit, listener);
        }

        @Override
        public void stop() {
            session.stop();
        }

        @Override
        public void close() {
            session.close();
        }
    }
}
