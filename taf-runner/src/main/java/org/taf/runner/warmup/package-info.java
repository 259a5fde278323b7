/**
 * Rest and settle detection: samples the engine's CPU (from {@code /proc}, or a recorded trace),
 * waits for the engine to rest before a measurement as TAF does, and warms it up under load until
 * its CPU use settles. Time and CPU samplers are injected so tests run in milliseconds.
 */
package org.taf.runner.warmup;
