package org.taf.engine.server;

import java.security.MessageDigest;
import java.security.SecureRandom;
import org.taf.engine.config.UserAccount;

/**
 * {@code mysql_native_password}: the client sends SHA1(password) XOR SHA1(scramble +
 * SHA1(SHA1(password))); the server, knowing only SHA1(SHA1(password)), recovers SHA1(password)
 * from the token and checks that its SHA-1 is the stored hash. An empty password is an empty token.
 */
final class NativePassword {
    static final int SCRAMBLE_LENGTH = 20;
    private static final SecureRandom RANDOM = new SecureRandom();

    private NativePassword() {}

    /** 20 random printable bytes, never NUL (clients read part of it as a NUL-terminated string). */
    static byte[] scramble() {
        byte[] s = new byte[SCRAMBLE_LENGTH];
        for (int i = 0; i < s.length; i++) {
            s[i] = (byte) (33 + RANDOM.nextInt(94));
        }
        return s;
    }

    /** The token a client computes for {@code password} (used by the tests and for checking). */
    static byte[] token(String password, byte[] scramble) {
        if (password.isEmpty()) {
            return new byte[0];
        }
        byte[] stage1 = UserAccount.sha1(password.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return xor(stage1, mix(scramble, UserAccount.sha1(stage1)));
    }

    /** Whether {@code token} proves the account's password for {@code scramble}. */
    static boolean verify(UserAccount account, byte[] scramble, byte[] token) {
        byte[] stored = account.passwordHash();
        if (!account.hasPassword()) {
            return token.length == 0;
        }
        if (token.length != SCRAMBLE_LENGTH) {
            return false;
        }
        byte[] stage1 = xor(token, mix(scramble, stored));
        return MessageDigest.isEqual(UserAccount.sha1(stage1), stored);
    }

    private static byte[] mix(byte[] scramble, byte[] hash) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-1");
            md.update(scramble);
            md.update(hash);
            return md.digest();
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is required of every Java runtime", e);
        }
    }

    private static byte[] xor(byte[] a, byte[] b) {
        byte[] out = new byte[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = (byte) (a[i] ^ b[i]);
        }
        return out;
    }
}
