/**
 * Workloads: sysbench 1.0.20-compatible OLTP over MariaDB Connector/J (server-side prepared statements),
 * sysbench's data preparation, its random distributions, and a load generator producing per-interval samples.
 */
package org.taf.runner.workload;
