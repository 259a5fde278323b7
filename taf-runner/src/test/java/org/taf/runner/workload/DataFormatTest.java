package org.taf.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** sysbench's DDL text, the bulk-insert batching and the literal emulation of prepared statements. */
class DataFormatTest {
    @Test
    void createTableIsSysbenchsText() {
        // as oltp_common.lua formats it for MySQL with auto_inc, PRIMARY KEY, innodb and no table options
        assertThat(SysbenchTables.createTable(3)).isEqualTo("CREATE TABLE sbtest3(\n"
                + "  id INTEGER NOT NULL AUTO_INCREMENT,\n"
                + "  k INTEGER DEFAULT '0' NOT NULL,\n"
                + "  c CHAR(120) DEFAULT '' NOT NULL,\n"
                + "  pad CHAR(60) DEFAULT '' NOT NULL,\n"
                + "  PRIMARY KEY (id)\n"
                + ") /*! ENGINE = innodb */ ");
        assertThat(SysbenchTables.createIndex(3)).isEqualTo("CREATE INDEX k_3 ON sbtest3(k)");
        assertThat(SysbenchTables.dropTable(3)).isEqualTo("DROP TABLE IF EXISTS sbtest3");
        assertThat(SysbenchTables.insertHead(3)).isEqualTo("INSERT INTO sbtest3(k, c, pad) VALUES");
    }

    @Test
    void batchesStayUnder512KibAndKeepEveryRowInOrder() throws Exception {
        List<String> statements = new ArrayList<>();
        InsertBatcher b = new InsertBatcher(SysbenchTables.insertHead(1), statements::add);
        RandomSource r = RandomSource.of(1, 1, RandType.SPECIAL);
        int rows = 10_000;
        for (int i = 0; i < rows; i++) {
            b.add("(" + i + ", '" + RowFormat.c(r) + "', '" + RowFormat.pad(r) + "')");
        }
        b.flush();
        b.flush(); // nothing left: no empty INSERT
        assertThat(statements).hasSize(4);
        int seen = 0;
        for (String sql : statements) {
            assertThat(sql.length() + 1).isLessThanOrEqualTo(InsertBatcher.BULK_PACKET_SIZE);
            assertThat(sql).startsWith("INSERT INTO sbtest1(k, c, pad) VALUES(");
            String[] values = sql.substring("INSERT INTO sbtest1(k, c, pad) VALUES".length()).split("\\),\\(");
            for (String v : values) {
                assertThat(v.replace("(", "")).startsWith(seen + ", '");
                seen++;
            }
        }
        assertThat(seen).isEqualTo(rows);
        // about 2,700 rows of ~190 bytes fit, as sysbench.md says
        assertThat(statements.get(0).split("\\),\\(").length).isBetween(2600, 2800);
    }

    @Test
    void batcherRefusesARowLargerThanAStatement() {
        InsertBatcher b = new InsertBatcher("INSERT", 20, sql -> { });
        assertThatThrownBy(() -> b.add("(" + "x".repeat(30) + ")")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("exceeds the 20-byte statement limit");
    }

    @Test
    void literalSqlFillsPlaceholdersAndEscapesStrings() {
        LiteralSql l = new LiteralSql("UPDATE sbtest1 SET c=? WHERE id=?");
        l.set(1, "it's a \\ test");
        l.set(2, 42);
        assertThat(l.render()).isEqualTo("UPDATE sbtest1 SET c='it\\'s a \\\\ test' WHERE id=42");
        assertThat(new LiteralSql("BEGIN").render()).isEqualTo("BEGIN");
        assertThatThrownBy(() -> new LiteralSql("SELECT ?").render()).hasMessageContaining("parameter 1");
        assertThatThrownBy(() -> new LiteralSql("SELECT ?").set(2, 1)).hasMessageContaining("out of 1..1");
    }
}
