package org.taf.runner.config;

import java.util.Optional;

/**
 * A key name as written, resolved against the registry.
 *
 * @param key   the canonical key, e.g. {@code workload.threads} for the alias {@code threads}
 * @param spec  its declaration
 * @param alias the legacy alias that was written, if any
 */
record KeyMatch(String key, KeySpec spec, Optional<Alias> alias) {}
