package org.taf.engine.api;

/** Direction of a scan. */
public enum Order {
    ASCENDING,
    DESCENDING
}
