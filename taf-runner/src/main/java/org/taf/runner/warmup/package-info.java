/**
 * Rest and warm-up: samples the engine's CPU (from {@code /proc}, or a recorded trace), waits for the engine to
 * rest before a measurement as TAF does, and warms it up under load through one vocabulary, {@link
 * org.taf.runner.warmup.Warmup} (none, until the CPU or the throughput settles, until the JIT is quiet), each
 * ending in a {@link org.taf.runner.warmup.WarmupTrace}. Time and CPU samplers are injected so tests run in
 * milliseconds.
 */
package org.taf.runner.warmup;
