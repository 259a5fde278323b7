package org.taf.runner.workload;

import java.util.regex.Pattern;

/**
 * Where the load goes: a MySQL-protocol server at host:port, its account and database. TCP only (sysbench's
 * {@code --mysql-host=localhost} would mean the Unix socket; TAF always uses an address such as 127.0.0.1).
 *
 * @param host name or address of the server, for example {@code 127.0.0.1}
 * @param port TCP port, 1..65535
 * @param user account name, not blank (sysbench: {@code --mysql-user}, default {@code sbtest})
 * @param password account password, may be empty, never null
 * @param database schema holding the sbtest tables (sysbench: {@code --mysql-db}, default {@code sbtest})
 */
public record ConnectionSettings(String host, int port, String user, String password, String database) {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_$]{1,64}");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._:\\-]+");

    public ConnectionSettings {
        if (host == null || !HOST.matcher(host).matches()) {
            throw new WorkloadException("host (" + host + ") must be a host name or an IP address");
        }
        if (port < 1 || port > 65535) {
            throw new WorkloadException("port (" + port + ") must be between 1 and 65535");
        }
        if (user == null || user.isBlank()) {
            throw new WorkloadException("user (" + user + ") must not be blank");
        }
        if (password == null) {
            throw new WorkloadException("password (null) must be given; use \"\" for none");
        }
        if (database == null || !IDENTIFIER.matcher(database).matches()) {
            throw new WorkloadException("database (" + database
                    + ") must be 1 to 64 letters, digits, '_' or '$'");
        }
    }

    /** {@code host:port}, as error messages show it. */
    public String address() {
        return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
    }

    /** The password is never printed. */
    @Override
    public String toString() {
        return "ConnectionSettings[" + user + "@" + address() + "/" + database + "]";
    }
}
