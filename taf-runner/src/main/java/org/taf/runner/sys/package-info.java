/**
 * Readings and helpers of the operating system that several stages use: {@code /proc} (process and
 * host CPU, process trees), cgroups, CPU affinity, clocks, atomic file writes and log tails; and the two
 * text helpers every stage's messages share: durations as definitions write them, and "did you mean".
 */
package org.taf.runner.sys;
