package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;
import org.mariadb.jdbc.Driver;

/**
 * Opens MariaDB Connector/J connections configured like sysbench's libmariadb client: server-side prepared
 * statements ({@code useServerPrepStmts=true}; Connector/J 3 defaults to client-side) and affected-row
 * counts ({@code useAffectedRows=true}; Connector/J otherwise sets CLIENT_FOUND_ROWS, which would count an
 * UPDATE that changes nothing as a write where sysbench counts "other"). No TLS (3.x default), autocommit on.
 */
final class Jdbc {
    /** Driver options appended to every URL; see the class comment for why each is set. */
    static final String OPTIONS = "useServerPrepStmts=true&useAffectedRows=true&connectTimeout=10000";

    private Jdbc() {}

    static String url(ConnectionSettings c) {
        return "jdbc:mariadb://" + c.address() + "/" + c.database() + "?" + OPTIONS;
    }

    /** A new connection; SQLException as the driver reports it. */
    static Connection connect(ConnectionSettings c) throws SQLException {
        return open(url(c), c);
    }

    /** A connection to the server with no default database (to create it). */
    static Connection connectWithoutDatabase(ConnectionSettings c) throws SQLException {
        return open("jdbc:mariadb://" + c.address() + "/?" + OPTIONS, c);
    }

    private static Connection open(String url, ConnectionSettings c) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", c.user());
        p.setProperty("password", c.password());
        Connection conn = new Driver().connect(url, p);
        if (conn == null) {
            throw new SQLException("Connector/J does not accept " + url);
        }
        return conn;
    }

    /** The factory of real sessions for a load run. */
    static SessionFactory sessions(ConnectionSettings c) {
        return counters -> new JdbcSession(connect(c), counters);
    }

    /**
     * "error 1146 (42S02): Table 'sbtest.sbtest9' doesn't exist": the server's own words, without the
     * "(conn=12) " prefix Connector/J puts before them.
     */
    static String describe(SQLException e) {
        String state = e.getSQLState() == null ? "" : " (" + e.getSQLState() + ")";
        String message = String.valueOf(e.getMessage()).replaceFirst("^\\(conn=\\d+\\) ", "");
        return "error " + e.getErrorCode() + state + ": " + message;
    }
}
