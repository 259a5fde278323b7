/**
 * What a load reports each interval: its counts, latencies and the sample that holds them, and the listener
 * that receives each sample as it is measured. Kept apart from the load itself so the stages that judge
 * samples (run, warmup) read them without the load generator's internals.
 */
package org.taf.runner.workload.sample;
