/**
 * Configuration stage: parses {@code .properties} test definitions line by line, layers them
 * (defaults &lt; includes &lt; profile &lt; file &lt; {@code -D} &lt; {@code TAF_*} environment) with
 * an origin per value, validates every value against the key registry ({@link
 * org.taf.runner.config.Keys}) and produces a typed {@link org.taf.runner.config.TestDefinition}.
 */
package org.taf.runner.config;
