package org.taf.engine.buffer;

/** How a fixed page is latched: shared to read, exclusive to modify. */
public enum LatchMode {
    S,
    X
}
