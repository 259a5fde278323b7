package org.taf.engine.log;

import java.nio.file.Path;
import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/**
 * The redo log cannot be read, so the engine does not start: a missing file, a wrong format, no
 * valid checkpoint, a damaged block before the end of the log, a record that does not apply. The
 * message names the file and the LSN; nothing has been changed in the datadir.
 */
public class RedoLogException extends EngineException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final long lsn;

    /** @param lsn where the problem is, or -1 when no LSN applies */
    public RedoLogException(Path file, long lsn, String what) {
        super(ErrorCode.UNKNOWN_ERROR, "redo log " + file + (lsn >= 0 ? " at LSN " + lsn : "") + ": " + what
                + "; the datadir was left as it is");
        this.file = file;
        this.lsn = lsn;
    }

    public Path file() {
        return file;
    }

    /** The LSN of the problem, or -1. */
    public long lsn() {
        return lsn;
    }
}
