package org.taf.engine.storage;

import org.taf.engine.api.EngineException;
import org.taf.engine.api.ErrorCode;

/** A page read from disk failed its checksum or names another page; it is never served. */
public class CorruptPageException extends EngineException {
    private static final long serialVersionUID = 1L;

    private final int space;
    private final int pageNo;

    public CorruptPageException(int space, int pageNo, String file, String why) {
        super(ErrorCode.TABLE_CORRUPT, "Corrupt page: space " + space + " page " + pageNo + " in " + file + ": " + why);
        this.space = space;
        this.pageNo = pageNo;
    }

    public int space() {
        return space;
    }

    public int pageNo() {
        return pageNo;
    }
}
