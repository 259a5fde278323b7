package org.taf.engine.buffer;

import java.nio.file.Path;
import org.taf.engine.page.FilHeader;
import org.taf.engine.page.IndexPage;
import org.taf.engine.storage.Tablespace;
import org.taf.engine.storage.Tablespaces;

/** A data file of formatted pages for buffer-pool tests. */
final class TestSpace {
    static final int SPACE = 7;

    private TestSpace() {}

    /** Writes {@code pages} empty index pages of {@code pageSize} bytes and opens the file. */
    static Tablespaces create(Path dir, int pageSize, int pages) {
        Tablespaces files = new Tablespaces();
        Tablespace ts = Tablespace.open(SPACE, dir.resolve("t.ibd"), pageSize, true);
        byte[] frame = new byte[pageSize];
        for (int p = 0; p < pages; p++) {
            IndexPage.init(frame, SPACE, p, 1, 0);
            FilHeader.setLsn(frame, 1);
            ts.write(p, frame);
        }
        files.add(ts);
        return files;
    }
}
