/**
 * The gate's own error rates, from its canary runs ({@code taf canary}): per host and definition, how often it
 * caught a planted slowdown and how often it called an unchanged commit REGRESSED, each with a Wilson interval,
 * and whether either misses its target ({@code taf health}). Reads run records only.
 */
package org.taf.runner.health;
