package org.taf.engine.server;

/**
 * What a client answers to the handshake (HandshakeResponse41).
 *
 * @param capabilities the client's capability flags
 * @param user         user name
 * @param authResponse the password token
 * @param database     database to use, or null
 * @param authPlugin   the plugin the token was made with, or null (then mysql_native_password)
 */
record HandshakeResponse(int capabilities, String user, byte[] authResponse, String database, String authPlugin) {

    /** Parses a HandshakeResponse41; anything older is refused (every client we serve speaks 4.1). */
    static HandshakeResponse parse(Payload p) {
        int caps = (int) p.int4();
        if ((caps & Protocol.CLIENT_PROTOCOL_41) == 0) {
            throw new MalformedPacketException("clients before protocol 4.1 are not supported");
        }
        p.int4(); // max packet size: we use our own max_allowed_packet
        p.int1(); // character set: always utf8mb4 here
        p.skip(23);
        if ((caps & Protocol.CLIENT_SSL) != 0 && !p.hasMore()) {
            throw new MalformedPacketException("SSL was requested but this server does not offer it");
        }
        String user = p.nulString();
        byte[] auth;
        if ((caps & Protocol.CLIENT_PLUGIN_AUTH_LENENC_CLIENT_DATA) != 0) {
            auth = p.lenencBytes();
        } else if ((caps & Protocol.CLIENT_SECURE_CONNECTION) != 0) {
            auth = p.bytes(p.int1());
        } else {
            auth = p.nulString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        String database = null;
        if ((caps & Protocol.CLIENT_CONNECT_WITH_DB) != 0 && p.hasMore()) {
            database = p.nulString();
            if (database.isEmpty()) {
                database = null;
            }
        }
        String plugin = null;
        if ((caps & Protocol.CLIENT_PLUGIN_AUTH) != 0 && p.hasMore()) {
            plugin = p.nulString();
        }
        return new HandshakeResponse(caps, user, auth == null ? new byte[0] : auth, database, plugin);
    }

    boolean has(int capability) {
        return (capabilities & capability) != 0;
    }
}
