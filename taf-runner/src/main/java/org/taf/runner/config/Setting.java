package org.taf.runner.config;

/**
 * One value of one layer, already checked against its key's type.
 *
 * @param key    canonical key
 * @param raw    the value as written (trimmed)
 * @param value  the parsed value, of the key's {@link ValueType}
 * @param origin where it was written
 */
record Setting(String key, String raw, Object value, Origin origin) {}
