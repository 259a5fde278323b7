package org.taf.engine.storage;

import java.util.Collection;
import java.util.concurrent.ConcurrentHashMap;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/** The open data files by space id; the buffer pool reads and writes pages through it. */
public final class Tablespaces {
    private final ConcurrentHashMap<Integer, Tablespace> bySpace = new ConcurrentHashMap<>();

    public void add(Tablespace ts) {
        if (bySpace.putIfAbsent(ts.space(), ts) != null) {
            throw new IllegalStateException("space " + ts.space() + " is already open");
        }
    }

    /** The open file of {@code space}. */
    public Tablespace get(int space) {
        Tablespace ts = bySpace.get(space);
        if (ts == null) {
            // The table was dropped while a statement was still reading it.
            throw new EngineException(ErrorCode.NO_SUCH_TABLE, "Table with space id " + space + " was dropped");
        }
        return ts;
    }

    /** Forgets and closes the file of {@code space}; returns it (null if it was not open). */
    public Tablespace remove(int space) {
        Tablespace ts = bySpace.remove(space);
        if (ts != null) {
            ts.close();
        }
        return ts;
    }

    public Collection<Tablespace> all() {
        return bySpace.values();
    }
}
