package org.taf.engine.sql.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A sink that keeps what a statement returned, for assertions. */
final class CollectingSink implements ResultSink {
    ResultColumns columns;
    final List<List<Object>> rows = new ArrayList<>();
    long affected = -1;
    long lastInsertId = -1;
    boolean ended;

    @Override
    public void columns(ResultColumns c) {
        columns = c;
    }

    @Override
    public void row(Object[] values) {
        rows.add(new ArrayList<>(Arrays.asList(values).subList(0, columns.size())));
    }

    @Override
    public void end() {
        ended = true;
    }

    @Override
    public void ok(long affectedRows, long id) {
        affected = affectedRows;
        lastInsertId = id;
    }

    List<String> names() {
        return columns.list().stream().map(ResultColumn::name).toList();
    }
}
