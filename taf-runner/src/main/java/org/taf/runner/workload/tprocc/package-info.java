/**
 * TPROC-C, HammerDB's TPC-C derived OLTP workload, as the load generator runs it: the schema, the loader of N
 * warehouses, the five transactions of one virtual user (terminal) and the TPC-C consistency conditions 1-4.
 * Plain JDBC and the specification's random functions; the load generator ({@code workload}) runs the terminals.
 */
package org.taf.runner.workload.tprocc;
