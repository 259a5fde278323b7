package org.taf.runner.workload;

/**
 * Every workload, counted as sysbench counts it, against TAF's own engine: the SQL the runner sends
 * is the SQL the engine under test must serve.
 */
@UsesTafEngine
class TafEngineWorkloadIT extends WorkloadIT {
}
