/**
 * The host's state now: a short probe of how much a fixed task gets done on this host and how steadily
 * ({@link org.taf.runner.host.HostProbe}), judged against the best the host has shown, and the rule a run follows
 * before each A/B pair: measure in a quiet spell, wait for one (bounded by {@code host.quiet_wait}), or say that it
 * measured in a noisy one ({@link org.taf.runner.host.QuietWait}). Time is injected, so tests run on a fake clock.
 */
package org.taf.runner.host;
