package org.taf.engine.sql.parse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.taf.engine.api.ColumnType;
import org.taf.engine.sql.SqlException;
import org.taf.engine.sql.ast.Expr;
import org.taf.engine.sql.ast.SqlText;
import org.taf.engine.sql.ast.Statement;
import org.taf.engine.tpcc.TproccSchema;

class ParserTest {

    private static Statement one(String sql) {
        ParsedSql p = Parser.parsePrepared(sql);
        assertThat(p.statements()).hasSize(1);
        return p.statements().get(0);
    }

    /** Golden canonical texts; each must also parse back to the same tree. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '"',
            value = {
                "SELECT c FROM sbtest1 WHERE id=?|SELECT `c` FROM `sbtest1` WHERE (`id` = ?)",
                "SELECT c FROM sbtest3 WHERE id BETWEEN ? AND ?|SELECT `c` FROM `sbtest3` WHERE (`id` BETWEEN ? AND ?)",
                "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?|SELECT SUM(`k`) FROM `sbtest1` WHERE (`id`"
                        + " BETWEEN ? AND ?)",
                "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN 1 AND 100 ORDER BY c|SELECT DISTINCT `c` FROM"
                        + " `sbtest1` WHERE (`id` BETWEEN 1 AND 100) ORDER BY `c`",
                "UPDATE sbtest1 SET k=k+1 WHERE id=?|UPDATE `sbtest1` SET `k` = (`k` + 1) WHERE (`id` = ?)",
                "UPDATE sbtest1 SET c=? WHERE id=?|UPDATE `sbtest1` SET `c` = ? WHERE (`id` = ?)",
                "DELETE FROM sbtest1 WHERE id=?|DELETE FROM `sbtest1` WHERE (`id` = ?)",
                "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)|INSERT INTO `sbtest1` (`id`, `k`, `c`, `pad`)"
                        + " VALUES (?, ?, ?, ?)",
                "INSERT INTO sbtest1(k, c, pad) VALUES(1,'a-b','x'),(2,'c',\"d\")|INSERT INTO `sbtest1` (`k`, `c`,"
                        + " `pad`) VALUES (1, 'a-b', 'x'), (2, 'c', 'd')",
                "SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?|SELECT count(`k`) FROM"
                        + " `sbtest1` WHERE ((`k` BETWEEN ? AND ?) OR (`k` BETWEEN ? AND ?))",
                "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (1, 2, 3)|SELECT `id`, `k`, `c`, `pad` FROM `sbtest1`"
                        + " WHERE (`k` IN (1, 2, 3))",
                "select @@version_comment limit 1|SELECT @@version_comment LIMIT 1",
                "SELECT @@session.autocommit, @@GLOBAL.max_allowed_packet AS m|SELECT @@session.autocommit,"
                        + " @@global.max_allowed_packet AS `m`",
                "SELECT * FROM db.t AS x WHERE a = -5 AND NOT b <> 'it''s' LIMIT 10, 5|SELECT * FROM `db`.`t` AS `x`"
                        + " WHERE ((`a` = -5) AND (NOT (`b` <> 'it''s'))) LIMIT 5 OFFSET 10",
                "SELECT COUNT(*), COUNT(DISTINCT c) FROM t WHERE a IS NOT NULL AND b NOT IN (1) AND c LIKE 'x%'|SELECT"
                        + " COUNT(*), COUNT(DISTINCT `c`) FROM `t` WHERE (((`a` IS NOT NULL) AND (`b` NOT IN (1))) AND"
                        + " (`c` LIKE 'x%'))",
                "SELECT 1 + 2 * 3 - 4 / 2 % 3, 7 DIV 2|SELECT ((1 + (2 * 3)) - ((4 / 2) % 3)), (7 DIV 2)",
                "select a from t where x=1 or y=2 and z=3|SELECT `a` FROM `t` WHERE ((`x` = 1) OR ((`y` = 2) AND (`z`"
                        + " = 3)))",
                "SELECT c FROM t ORDER BY c DESC, id LIMIT ?|SELECT `c` FROM `t` ORDER BY `c` DESC, `id` LIMIT ?",
                "SELECT id FROM t WHERE id = 1 FOR UPDATE|SELECT `id` FROM `t` WHERE (`id` = 1) FOR UPDATE",
                "CREATE DATABASE IF NOT EXISTS sbtest|CREATE DATABASE IF NOT EXISTS `sbtest`",
                "DROP DATABASE sbtest|DROP DATABASE `sbtest`",
                "CREATE INDEX k_1 ON sbtest1(k)|CREATE INDEX `k_1` ON `sbtest1` (`k`)",
                "DROP TABLE IF EXISTS sbtest1|DROP TABLE IF EXISTS `sbtest1`",
                "use `my db`|USE `my db`",
                "START TRANSACTION READ ONLY|BEGIN",
                "commit work|COMMIT",
                "SET autocommit=0, @@session.sql_mode='', @x := 5|SET `autocommit` = 0, SESSION `sql_mode` = '', @`x`"
                        + " = 5",
                "SET NAMES utf8mb4|SET `character_set_client` = 'utf8mb4', `character_set_connection` = 'utf8mb4',"
                        + " `character_set_results` = 'utf8mb4'",
                "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED|SET SESSION `transaction_isolation` ="
                        + " 'READ-COMMITTED'",
                "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'|SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'",
                "show full tables from sbtest|SHOW TABLES FROM `sbtest`",
                "SHOW DATABASES|SHOW DATABASES",
            })
    void goldenCanonicalText(String sql, String canonical) {
        Statement s = one(sql);
        assertThat(SqlText.of(s)).isEqualTo(canonical);
        assertThat(one(canonical)).isEqualTo(s);
    }

    /** The forms HammerDB's TPROC-C statements and schema add; golden texts that parse back the same. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT c_discount, c_last, c_credit, w_tax FROM customer, warehouse WHERE warehouse.w_id = 1 AND "
                + "customer.c_id = ?"
                + "|SELECT `c_discount`, `c_last`, `c_credit`, `w_tax` FROM `customer`, `warehouse` WHERE"
                + " ((`warehouse`.`w_id` = 1) AND (`customer`.`c_id` = ?))",
        "SELECT COUNT(DISTINCT (s_i_id)) FROM order_line, stock WHERE ol_w_id = ? AND (ol_o_id < ?) AND ol_o_id >= "
                + "(? - 20)"
                + "|SELECT COUNT(DISTINCT `s_i_id`) FROM `order_line`, `stock` WHERE (((`ol_w_id` = ?) AND "
                + "(`ol_o_id` < ?))"
                + " AND (`ol_o_id` >= (? - 20)))",
        "select a from t1 x inner join t2 y on x.a = y.a cross join t3|SELECT `a` FROM `t1` AS `x` JOIN `t2` AS `y`"
                + " ON (`x`.`a` = `y`.`a`), `t3`",
        "SELECT d_next_o_id, d_tax FROM district WHERE d_id = ? AND d_w_id = ? FOR UPDATE|SELECT `d_next_o_id`, `d_tax`"
                + " FROM `district` WHERE ((`d_id` = ?) AND (`d_w_id` = ?)) FOR UPDATE",
        "SELECT o_id FROM orders WHERE o_c_id = ? ORDER BY o_id DESC LIMIT 1|SELECT `o_id` FROM `orders` WHERE"
                + " (`o_c_id` = ?) ORDER BY `o_id` DESC LIMIT 1",
        "UPDATE stock SET s_remote_cnt = s_remote_cnt + IF(? != ?,1,0) WHERE s_i_id = ?|UPDATE `stock` SET "
                + "`s_remote_cnt`"
                + " = (`s_remote_cnt` + IF((? <> ?), 1, 0)) WHERE (`s_i_id` = ?)",
        "UPDATE order_line SET ol_delivery_d = str_to_date(20240101,'%Y%m%d') WHERE ol_o_id = 1|UPDATE `order_line` SET"
                + " `ol_delivery_d` = str_to_date(20240101, '%Y%m%d') WHERE (`ol_o_id` = 1)",
        "INSERT INTO h (a, d) VALUES (1, CURRENT_TIMESTAMP), (2, NOW())|INSERT INTO `h` (`a`, `d`) VALUES"
                + " (1, CURRENT_TIMESTAMP()), (2, NOW())",
        "DELETE FROM new_order WHERE no_w_id = ? AND no_o_id < ? ORDER BY no_o_id LIMIT 10|DELETE FROM `new_order` "
                + "WHERE"
                + " ((`no_w_id` = ?) AND (`no_o_id` < ?)) ORDER BY `no_o_id` LIMIT 10",
        "analyze table customer, tpcc.district|ANALYZE TABLE `customer`, `tpcc`.`district`",
        "SELECT d_w_id, SUM(d_ytd) FROM district GROUP BY d_w_id ORDER BY d_w_id DESC|SELECT `d_w_id`, SUM(`d_ytd`)"
                + " FROM `district` GROUP BY `d_w_id` ORDER BY `d_w_id` DESC",
        "CREATE INDEX o_w_id ON orders (o_w_id, o_d_id, o_c_id, o_id)|CREATE INDEX `o_w_id` ON `orders` (`o_w_id`,"
                + " `o_d_id`, `o_c_id`, `o_id`)",
        "CREATE TABLE c (c_id INT(5) NOT NULL, c_w_id INT(6) NOT NULL, c_last VARCHAR(16) BINARY NULL, c_first"
                + " VARCHAR(16) COLLATE latin1_bin, c_since DATETIME(3) NULL, c_balance DECIMAL(12, 2) NULL, t TINYINT,"
                + " s SMALLINT, m MEDIUMINT, b BIGINT(10), d DATE, ts TIMESTAMP, dec2 NUMERIC, id INT NOT NULL"
                + " AUTO_INCREMENT INVISIBLE, PRIMARY KEY (c_w_id, c_id), KEY c_w_id (c_w_id, c_last(16), c_first(16)))"
                + " ENGINE = InnoDB|CREATE TABLE `c` (`c_id` INT NOT NULL, `c_w_id` INT NOT NULL, `c_last` VARCHAR(16)"
                + " BINARY, `c_first` VARCHAR(16) BINARY, `c_since` DATETIME(3), `c_balance` DECIMAL(12, 2), `t` "
                + "TINYINT,"
                + " `s` SMALLINT, `m` MEDIUMINT, `b` BIGINT, `d` DATE, `ts` TIMESTAMP, `dec2` DECIMAL(10, 0), `id` INT"
                + " NOT NULL AUTO_INCREMENT INVISIBLE, PRIMARY KEY (`c_w_id`, `c_id`), KEY `c_w_id` (`c_w_id`, "
                + "`c_last`,"
                + " `c_first`))",
    })
    void tproccForms(String sql, String canonical) {
        Statement s = one(sql);
        assertThat(SqlText.of(s)).isEqualTo(canonical);
        assertThat(one(canonical)).isEqualTo(s);
    }

    @Test
    void hammerdbCreateTablesParseAndRoundTrip() {
        for (String ddl : TproccSchema.createTables()) {
            Statement.CreateTable ct = (Statement.CreateTable) one(ddl);
            assertThat(one(SqlText.of(ct))).isEqualTo(ct);
        }
        Statement.CreateTable customer = (Statement.CreateTable) one(TproccSchema.createTables().get(0));
        assertThat(customer.primaryKey()).containsExactly("c_w_id", "c_d_id", "c_id");
        assertThat(customer.indexes()).containsExactly(new Statement.IndexDefinition("c_w_id",
                List.of("c_w_id", "c_d_id", "c_last", "c_first")));
        assertThat(customer.columns().get(3)).isEqualTo(new Statement.ColumnDefinition("c_first", ColumnType.VARCHAR,
                16, 0, true, null, false, true, false));
        assertThat(customer.columns().get(14)).isEqualTo(new Statement.ColumnDefinition("c_credit_lim",
                ColumnType.DECIMAL, 12, 2, true, null, false, false, false));
        Statement.CreateTable history = (Statement.CreateTable) one(TproccSchema.createTables().get(2));
        assertThat(history.primaryKey()).as("none: the engine adds a hidden one").isEmpty();
    }

    @Test
    void sysbenchCreateTable() {
        Statement s = one("""
            CREATE TABLE sbtest1(
              id INTEGER NOT NULL AUTO_INCREMENT,
              k INTEGER DEFAULT '0' NOT NULL,
              c CHAR(120) DEFAULT '' NOT NULL,
              pad CHAR(60) DEFAULT '' NOT NULL,
              PRIMARY KEY (id)
            ) /*! ENGINE = innodb */\
            """);
        Statement.CreateTable ct = (Statement.CreateTable) s;
        assertThat(ct.primaryKey()).containsExactly("id");
        assertThat(ct.columns()).containsExactly(
                new Statement.ColumnDefinition("id", ColumnType.INT, 0, false, null, true),
                new Statement.ColumnDefinition("k", ColumnType.INT, 0, false, new Expr.Literal("0"), false),
                new Statement.ColumnDefinition("c", ColumnType.CHAR, 120, false, new Expr.Literal(""), false),
                new Statement.ColumnDefinition("pad", ColumnType.CHAR, 60, false, new Expr.Literal(""), false));
        assertThat(one(SqlText.of(ct))).isEqualTo(ct);
    }

    @Test
    void createTableWithInlineKeysAndOptions() {
        Statement.CreateTable ct = (Statement.CreateTable) one("create table if not exists d.t (id bigint primary key,"
                + " v varchar(10) null default null comment 'x', key iv (v)) engine=InnoDB default charset=utf8mb4");
        assertThat(ct.table()).isEqualTo(new Statement.TableName("d", "t"));
        assertThat(ct.primaryKey()).containsExactly("id");
        assertThat(ct.indexes()).containsExactly(new Statement.IndexDefinition("iv", "v"));
        assertThat(ct.columns().get(1).defaultValue()).isEqualTo(Expr.Literal.NULL);
    }

    @Test
    void paramsAreNumberedInOrderAcrossStatements() {
        ParsedSql p = Parser.parsePrepared("SELECT ? FROM t WHERE a IN (?, ?) LIMIT ?; SELECT ?;");
        assertThat(p.paramCount()).isEqualTo(5);
        assertThat(p.statements()).hasSize(2);
        assertThat(p.texts()).containsExactly("SELECT ? FROM t WHERE a IN (?, ?) LIMIT ?", "SELECT ?");
        Statement.Select s = (Statement.Select) p.statements().get(0);
        assertThat(s.limit().count()).isEqualTo(new Expr.Param(3));
    }

    @Test
    void placeholdersAreSyntaxErrorsInTextQueries() {
        assertThatThrownBy(() -> Parser.parse("SELECT a FROM t WHERE id = ?"))
                .hasMessageEndingWith("near '?' at line 1");
    }

    @Test
    void commentsAndExecutableComments() {
        assertThat(SqlText.of(one("/* lead */ SELECT /*!40001 SQL_NO_CACHE */ a -- tail\n FROM t # end")))
                .isEqualTo("SELECT `a` FROM `t`");
        assertThat(SqlText.of(one("SELECT a /*M!100000 , b */ FROM t"))).isEqualTo("SELECT `a`, `b` FROM `t`");
    }

    @Test
    void stringEscapes() {
        Statement.Select s = (Statement.Select) one("SELECT 'a\\nb\\'c''d', \"q\"\"x\", 0x1F, 1.5e2");
        assertThat(s.items()).extracting(i -> ((Expr.Literal) i.expr()).value())
                .containsExactly("a\nb'c'd", "q\"x", 31L, new java.math.BigDecimal("1.5e2"));
    }

    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> syntaxErrors() {
        return java.util.stream.Stream.of(
                org.junit.jupiter.params.provider.Arguments.of("SELEC 1", "SELEC 1", 1),
                org.junit.jupiter.params.provider.Arguments.of("SELECT FROM t", "FROM t", 1),
                org.junit.jupiter.params.provider.Arguments.of("SELECT a FROM t WHERE", "", 1),
                org.junit.jupiter.params.provider.Arguments.of("SELECT a\nFROM t\nWHERE id = = 3", "= 3", 3),
                org.junit.jupiter.params.provider.Arguments.of("SELECT 'open", "'open", 1),
                org.junit.jupiter.params.provider.Arguments.of("SELECT a FROM t; garbage", "garbage", 1),
                org.junit.jupiter.params.provider.Arguments.of("INSERT INTO t VALUES (1,", "", 1));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("syntaxErrors")
    void syntaxErrorsQuoteTheTextFromTheBadToken(String sql, String near, int line) {
        assertThatThrownBy(() -> Parser.parse(sql))
                .isInstanceOfSatisfying(SqlException.class, e -> {
                    assertThat(e.number()).isEqualTo(1064);
                    assertThat(e.sqlState()).isEqualTo("42000");
                    assertThat(e.getMessage()).isEqualTo("You have an error in your SQL syntax; check the manual that"
                            + " corresponds to your MariaDB server version for the right syntax to use near '"
                            + near + "' at line " + line);
                });
    }

    @Test
    void nearTextIsCutAt80Characters() {
        String tail = "x".repeat(200);
        assertThatThrownBy(() -> Parser.parse("SELEC " + tail))
                .hasMessageContaining("near 'SELEC " + "x".repeat(74) + "'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT a FROM t GROUP BY a HAVING a > 1|HAVING",
        "SELECT a FROM t LEFT JOIN u ON t.a = u.a|outer and natural joins",
        "SELECT a FROM (SELECT a FROM t) AS x|derived tables",
        "SELECT a FROM t WHERE a IN (SELECT b FROM u)|subqueries",
        "CREATE TABLE t (a TEXT)|column type TEXT",
        "CREATE TABLE t (a INT UNSIGNED)|UNSIGNED columns",
        "ALTER TABLE t ADD COLUMN b INT|ALTER statements",
        "INSERT IGNORE INTO t VALUES (1)|INSERT IGNORE",
        "CREATE UNIQUE INDEX u ON t(a)|UNIQUE indexes",
        "SHOW CREATE TABLE t|SHOW CREATE",
    })
    void knownButUnsupportedConstructsGet1235(String sql, String feature) {
        assertThatThrownBy(() -> Parser.parse(sql)).isInstanceOfSatisfying(SqlException.class, e -> {
            assertThat(e.number()).isEqualTo(1235);
            assertThat(e.getMessage())
                    .isEqualTo("This version of the TAF engine doesn't yet support '" + feature + "'");
        });
    }

    @Test
    void emptyQuery() {
        for (String sql : List.of("", "  ", ";", "-- only a comment\n", "/* x */")) {
            assertThatThrownBy(() -> Parser.parse(sql)).isInstanceOfSatisfying(SqlException.class,
                    e -> assertThat(e.number()).isEqualTo(1065));
        }
    }

    @Test
    void randomGarbageNeverThrowsAnythingButSqlException() {
        java.util.Random r = new java.util.Random(42);
        String alphabet = "SELECT FROM WHERE ( ) , ; ' \" ` ? @ @@ = < > ! 1 2.5 a b /* */ -- # \n \\ IN AND OR NOT ";
        String[] words = alphabet.split(" ");
        for (int i = 0; i < 20_000; i++) {
            StringBuilder b = new StringBuilder();
            int n = r.nextInt(12);
            for (int j = 0; j < n; j++) {
                b.append(words[r.nextInt(words.length)]).append(r.nextBoolean() ? " " : "");
            }
            try {
                Parser.parsePrepared(b.toString());
            } catch (SqlException expected) {
                assertThat(expected.number()).isIn(1064, 1065, 1235);
            }
        }
    }
}
