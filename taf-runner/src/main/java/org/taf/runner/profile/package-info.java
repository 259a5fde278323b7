/**
 * The machine a run measures on: host facts (CPU model, topology, memory, OS, kernel) and the CPU
 * frequency state, read from /proc and /sys under an injectable root so tests use fake trees.
 * Container profiles and governor pinning build on this.
 */
package org.taf.runner.profile;
