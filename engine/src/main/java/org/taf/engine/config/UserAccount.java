package org.taf.engine.config;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * An account allowed to connect. Only the password's double SHA-1 is kept, as MariaDB keeps it in
 * {@code mysql.global_priv}: that is all {@code mysql_native_password} needs to check a login.
 *
 * @param name         user name (case-sensitive, as in MariaDB)
 * @param passwordHash SHA1(SHA1(password)), 20 bytes; empty for an account without a password
 */
public record UserAccount(String name, byte[] passwordHash) {
    public UserAccount {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(passwordHash, "passwordHash");
        if (passwordHash.length != 0 && passwordHash.length != 20) {
            throw new IllegalArgumentException("password hash of " + name + " must be 20 bytes");
        }
        passwordHash = passwordHash.clone();
    }

    /** An account with a clear-text password (empty = none). */
    public static UserAccount withPassword(String name, String password) {
        return new UserAccount(name, password.isEmpty() ? new byte[0] : sha1(sha1(password.getBytes(
                java.nio.charset.StandardCharsets.UTF_8))));
    }

    /** An account with a hash as {@code PASSWORD('...')} prints it: {@code *} and 40 hex digits. */
    public static UserAccount withHash(String name, String hash) {
        if (hash.length() != 41 || hash.charAt(0) != '*') {
            throw new IllegalArgumentException("a password hash is '*' and 40 hex digits");
        }
        return new UserAccount(name, HexFormat.of().parseHex(hash.substring(1).toLowerCase(Locale.ROOT)));
    }

    @Override
    public byte[] passwordHash() {
        return passwordHash.clone();
    }

    public boolean hasPassword() {
        return passwordHash.length != 0;
    }

    /** SHA-1 of {@code data}. */
    public static byte[] sha1(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-1").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every Java runtime", e);
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UserAccount other && name.equals(other.name)
                && MessageDigest.isEqual(passwordHash, other.passwordHash);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name + (hasPassword() ? " (password)" : " (no password)");
    }
}
