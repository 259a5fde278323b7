/**
 * Readings and helpers of the operating system that several stages use: {@code /proc} (process and
 * host CPU, process trees), cgroups, CPU affinity, clocks, atomic file writes and log tails.
 */
package org.taf.runner.sys;
