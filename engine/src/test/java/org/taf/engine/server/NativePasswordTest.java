package org.taf.engine.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.taf.engine.config.UserAccount;

class NativePasswordTest {
    private static byte[] sha1(byte[]... parts) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        for (byte[] p : parts) {
            md.update(p);
        }
        return md.digest();
    }

    /** The token as a client library computes it, written out independently of the server's code. */
    private static byte[] clientToken(String password, byte[] scramble) throws Exception {
        byte[] stage1 = sha1(password.getBytes(StandardCharsets.UTF_8));
        byte[] mix = sha1(scramble, sha1(stage1));
        byte[] out = new byte[20];
        for (int i = 0; i < 20; i++) {
            out[i] = (byte) (stage1[i] ^ mix[i]);
        }
        return out;
    }

    @Test
    void acceptsTheRightPasswordOnly() throws Exception {
        byte[] scramble = NativePassword.scramble();
        UserAccount bob = UserAccount.withPassword("bob", "s3cret");
        assertThat(NativePassword.token("s3cret", scramble)).isEqualTo(clientToken("s3cret", scramble));
        assertThat(NativePassword.verify(bob, scramble, clientToken("s3cret", scramble))).isTrue();
        assertThat(NativePassword.verify(bob, scramble, clientToken("S3cret", scramble))).isFalse();
        assertThat(NativePassword.verify(bob, NativePassword.scramble(), clientToken("s3cret", scramble))).isFalse();
        assertThat(NativePassword.verify(bob, scramble, new byte[0])).isFalse();
        assertThat(NativePassword.verify(bob, scramble, new byte[7])).isFalse();
    }

    @Test
    void emptyPasswordIsAnEmptyToken() {
        UserAccount root = UserAccount.withPassword("root", "");
        byte[] scramble = NativePassword.scramble();
        assertThat(NativePassword.token("", scramble)).isEmpty();
        assertThat(NativePassword.verify(root, scramble, new byte[0])).isTrue();
        assertThat(NativePassword.verify(root, scramble, NativePassword.token("x", scramble))).isFalse();
    }

    @Test
    void scrambleIsPrintableAndNeverNul() {
        for (int i = 0; i < 100; i++) {
            for (byte b : NativePassword.scramble()) {
                assertThat(b).isBetween((byte) 33, (byte) 126);
            }
        }
    }
}
