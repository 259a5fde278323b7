package org.taf.runner.workload;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A MySQL-protocol server the integration tests load: a throw-away MariaDB started by {@link MariaDbExtension},
 * or any server named by {@code -Dtaf.it.server=host:port} (with {@code taf.it.user}, {@code taf.it.password}),
 * for example TAF's own engine.
 */
record TestServer(String host, int port, String user, String password) {

    /** Connection settings for {@code database}, created on the server if missing. */
    ConnectionSettings database(String database) {
        ConnectionSettings admin = new ConnectionSettings(host, port, user, password, "mysql");
        try (Connection c = Jdbc.connect(admin); Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE IF NOT EXISTS " + database);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database + " on " + admin.address(), e);
        }
        return new ConnectionSettings(host, port, user, password, database);
    }

    String address() {
        return host + ":" + port;
    }
}
