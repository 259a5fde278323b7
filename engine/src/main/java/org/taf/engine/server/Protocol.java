package org.taf.engine.server;

/** Constants of the MySQL client/server protocol that this server uses. */
final class Protocol {
    private Protocol() {}

    // Capability flags
    static final int CLIENT_LONG_PASSWORD = 1;
    static final int CLIENT_FOUND_ROWS = 1 << 1;
    static final int CLIENT_LONG_FLAG = 1 << 2;
    static final int CLIENT_CONNECT_WITH_DB = 1 << 3;
    static final int CLIENT_PROTOCOL_41 = 1 << 9;
    static final int CLIENT_SSL = 1 << 11;
    static final int CLIENT_TRANSACTIONS = 1 << 13;
    static final int CLIENT_SECURE_CONNECTION = 1 << 15;
    static final int CLIENT_MULTI_STATEMENTS = 1 << 16;
    static final int CLIENT_MULTI_RESULTS = 1 << 17;
    static final int CLIENT_PS_MULTI_RESULTS = 1 << 18;
    static final int CLIENT_PLUGIN_AUTH = 1 << 19;
    static final int CLIENT_CONNECT_ATTRS = 1 << 20;
    static final int CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA = 1 << 21;
    static final int CLIENT_DEPRECATE_EOF = 1 << 24;

    /**
     * What this server offers. Not CLIENT_DEPRECATE_EOF (classic EOF packets), not CLIENT_SSL, not
     * CLIENT_CONNECT_ATTRS; LONG_PASSWORD also tells MariaDB clients this is not a MariaDB server
     * with extended capabilities (no bulk execute, no metadata skipping).
     */
    static final int SERVER_CAPABILITIES = CLIENT_LONG_PASSWORD | CLIENT_FOUND_ROWS | CLIENT_LONG_FLAG
            | CLIENT_CONNECT_WITH_DB | CLIENT_PROTOCOL_41 | CLIENT_TRANSACTIONS | CLIENT_SECURE_CONNECTION
            | CLIENT_MULTI_STATEMENTS | CLIENT_MULTI_RESULTS | CLIENT_PS_MULTI_RESULTS | CLIENT_PLUGIN_AUTH
            | CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA;

    // Status flags
    static final int SERVER_STATUS_IN_TRANS = 1;
    static final int SERVER_STATUS_AUTOCOMMIT = 2;
    static final int SERVER_MORE_RESULTS_EXISTS = 8;

    /** utf8mb4_general_ci. */
    static final int UTF8MB4_GENERAL_CI = 45;
    /** The binary character set of numeric columns. */
    static final int BINARY = 63;

    static final String NATIVE_PASSWORD = "mysql_native_password";

    // Commands
    static final int COM_QUIT = 0x01;
    static final int COM_INIT_DB = 0x02;
    static final int COM_QUERY = 0x03;
    static final int COM_FIELD_LIST = 0x04;
    static final int COM_STATISTICS = 0x09;
    static final int COM_PING = 0x0e;
    static final int COM_STMT_PREPARE = 0x16;
    static final int COM_STMT_EXECUTE = 0x17;
    static final int COM_STMT_SEND_LONG_DATA = 0x18;
    static final int COM_STMT_CLOSE = 0x19;
    static final int COM_STMT_RESET = 0x1a;
    static final int COM_SET_OPTION = 0x1b;
    static final int COM_RESET_CONNECTION = 0x1f;
}
