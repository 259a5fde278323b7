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

class ParserTest {

    private static Statement one(String sql) {
        ParsedSql p = Parser.parsePrepared(sql);
        assertThat(p.statements()).hasSize(1);
        return p.statements().get(0);
    }

    /** Golden canonical texts; each must also parse back to the same tree. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "SELECT c FROM sbtest1 WHERE id=?|SELECT `c` FROM `sbtest1` WHERE (`id` = ?)",
        "SELECT c FROM sbtest3 WHERE id BETWEEN ? AND ?|SELECT `c` FROM `sbtest3` WHERE (`id` BETWEEN ? AND ?)",
        "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?|SELECT SUM(`k`) FROM `sbtest1` WHERE (`id` BETWEEN ? AND ?)",
        "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN 1 AND 100 ORDER BY c|SELECT DISTINCT `c` FROM `sbtest1` WHERE (`id` BETWEEN 1 AND 100) ORDER BY `c`",
        "UPDATE sbtest1 SET k=k+1 WHERE id=?|UPDATE `sbtest1` SET `k` = (`k` + 1) WHERE (`id` = ?)",
        "UPDATE sbtest1 SET c=? WHERE id=?|UPDATE `sbtest1` SET `c` = ? WHERE (`id` = ?)",
        "DELETE FROM sbtest1 WHERE id=?|DELETE FROM `sbtest1` WHERE (`id` = ?)",
        "INSERT INTO sbtest1 (id, k, c, pad) VALUES (?, ?, ?, ?)|INSERT INTO `sbtest1` (`id`, `k`, `c`, `pad`) VALUES (?, ?, ?, ?)",
        "INSERT INTO sbtest1(k, c, pad) VALUES(1,'a-b','x'),(2,'c',\"d\")|INSERT INTO `sbtest1` (`k`, `c`, `pad`) VALUES (1, 'a-b', 'x'), (2, 'c', 'd')",
        "SELECT count(k) FROM sbtest1 WHERE k BETWEEN ? AND ? OR k BETWEEN ? AND ?|SELECT count(`k`) FROM `sbtest1` WHERE ((`k` BETWEEN ? AND ?) OR (`k` BETWEEN ? AND ?))",
        "SELECT id, k, c, pad FROM sbtest1 WHERE k IN (1, 2, 3)|SELECT `id`, `k`, `c`, `pad` FROM `sbtest1` WHERE (`k` IN (1, 2, 3))",
        "select @@version_comment limit 1|SELECT @@version_comment LIMIT 1",
        "SELECT @@session.autocommit, @@GLOBAL.max_allowed_packet AS m|SELECT @@session.autocommit, @@global.max_allowed_packet AS `m`",
        "SELECT * FROM db.t AS x WHERE a = -5 AND NOT b <> 'it''s' LIMIT 10, 5|SELECT * FROM `db`.`t` AS `x` WHERE ((`a` = -5) AND (NOT (`b` <> 'it''s'))) LIMIT 5 OFFSET 10",
        "SELECT COUNT(*), COUNT(DISTINCT c) FROM t WHERE a IS NOT NULL AND b NOT IN (1) AND c LIKE 'x%'|SELECT COUNT(*), COUNT(DISTINCT `c`) FROM `t` WHERE (((`a` IS NOT NULL) AND (`b` NOT IN (1))) AND (`c` LIKE 'x%'))",
        "SELECT 1 + 2 * 3 - 4 / 2 % 3, 7 DIV 2|SELECT ((1 + (2 * 3)) - ((4 / 2) % 3)), (7 DIV 2)",
        "select a from t where x=1 or y=2 and z=3|SELECT `a` FROM `t` WHERE ((`x` = 1) OR ((`y` = 2) AND (`z` = 3)))",
        "SELECT c FROM t ORDER BY c DESC, id LIMIT ?|SELECT `c` FROM `t` ORDER BY `c` DESC, `id` LIMIT ?",
        "SELECT id FROM t WHERE id = 1 FOR UPDATE|SELECT `id` FROM `t` WHERE (`id` = 1) FOR UPDATE",
        "CREATE DATABASE IF NOT EXISTS sbtest|CREATE DATABASE IF NOT EXISTS `sbtest`",
        "DROP DATABASE sbtest|DROP DATABASE `sbtest`",
        "CREATE INDEX k_1 ON sbtest1(k)|CREATE INDEX `k_1` ON `sbtest1` (`k`)",
        "DROP TABLE IF EXISTS sbtest1|DROP TABLE IF EXISTS `sbtest1`",
        "use `my db`|USE `my db`",
        "START TRANSACTION READ ONLY|BEGIN",
        "commit work|COMMIT",
        "SET autocommit=0, @@session.sql_mode='', @x := 5|SET `autocommit` = 0, SESSION `sql_mode` = '', @`x` = 5",
        "SET NAMES utf8mb4|SET `character_set_client` = 'utf8mb4', `character_set_connection` = 'utf8mb4', `character_set_results` = 'utf8mb4'",
        "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED|SET SESSION `transaction_isolation` = 'READ-COMMITTED'",
        "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'|SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'",
        "show full tables from sbtest|SHOW TABLES FROM `sbtest`",
        "SHOW DATABASES|SHOW DATABASES",
    })
    void goldenCanonicalText(String sql, String canonical) {
        Statement s = one(sql);
        assertThat(SqlText.of(s)).isEqualTo(canonical);
        assertThat(one(canonical)).isEqualTo(s);
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
                ) /*! ENGINE = innodb */""");
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
        assertThatThrownBy(() -> Parser.parse("SELEC " + tail)).hasMessageContaining("near 'SELEC " + "x".repeat(74) + "'");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT a FROM t GROUP BY a|GROUP BY",
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
            assertThat(e.getMessage()).isEqualTo("This version of the TAF engine doesn't yet support '" + feature + "'");
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
