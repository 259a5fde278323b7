package org.taf.engine.db;

import org.taf.engine.api.Engine;
import org.taf.engine.config.EngineConfig;

/** The engine implementation; lands with the storage-core issue. */
public final class StorageEngine {
    private StorageEngine() {}

    public static Engine open(EngineConfig config) {
        throw new UnsupportedOperationException("the storage core is being built (issue 2)");
    }
}
