package org.taf.runner.run;

import org.taf.runner.stats.Role;
import org.taf.runner.workload.Workload;

/**
 * One planned measurement: a fresh engine of one side, one workload at one thread count.
 *
 * @param comparison index of the comparison in the definition
 * @param role       parent or patch
 * @param workload   what to run
 * @param threads    client threads
 * @param iteration  iteration number of this side in this cell, from 0
 * @param sequence   position in the run's order, from 0
 */
public record Step(int comparison, Role role, Workload workload, int threads, int iteration, int sequence) {
}
