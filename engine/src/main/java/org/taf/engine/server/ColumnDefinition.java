package org.taf.engine.server;

import java.io.IOException;
import org.taf.engine.sql.exec.ResultColumn;

/** The Protocol::ColumnDefinition41 packet of a result column. */
final class ColumnDefinition {
    private ColumnDefinition() {}

    /**
     * Writes one column definition packet.
     *
     * @param fieldList COM_FIELD_LIST's form, which ends with the column's default value (sent as NULL)
     */
    static void write(PacketChannel ch, ResultColumn c, boolean fieldList) throws IOException {
        ch.begin()
                .lenencString("def")
                .lenencString(c.database())
                .lenencString(c.table())
                .lenencString(c.orgTable())
                .lenencString(c.name())
                .lenencString(c.orgName())
                .int1(0x0c)
                .int2(c.type().isNumeric() ? Protocol.BINARY : Protocol.UTF8MB4_GENERAL_CI)
                .int4(c.length())
                .int1(c.type().protocolCode())
                .int2(c.flags())
                .int1(c.decimals())
                .int2(0);
        if (fieldList) {
            ch.int1(0xfb);
        }
        ch.end();
    }
}
