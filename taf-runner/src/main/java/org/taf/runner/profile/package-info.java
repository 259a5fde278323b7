/**
 * The machine a run measures on: host facts (CPU model, topology, memory, OS, kernel), CPU pinning
 * (governor, frequencies, boost, SMT through sysfs, saved to a state file first and restored after,
 * also after a crash) and host noise (CPU of other processes and steal time), all read from /proc
 * and /sys under an injectable root so tests use fake trees.
 */
package org.taf.runner.profile;
