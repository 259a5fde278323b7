package org.taf.engine.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class UsersTest {
    @Test
    void defaultsLetRootAndSbtestInWithoutPassword() {
        Users users = Users.of(EngineConfig.defaults());
        assertThat(users.accounts().keySet()).containsExactly("root", "sbtest");
        assertThat(users.find("root").orElseThrow().hasPassword()).isFalse();
        assertThat(users.find("nobody")).isEmpty();
    }

    @Test
    void hashEqualsWhatMariadbPasswordPrints() {
        // SELECT PASSWORD('secret') in MariaDB prints *14E65567ABDB5135D0CFD9A70B3032C179A49EE7
        Users users = Users.parse("bob:secret,alice:*14E65567ABDB5135D0CFD9A70B3032C179A49EE7");
        byte[] bob = users.find("bob").orElseThrow().passwordHash();
        assertThat(HexFormat.of().withUpperCase().formatHex(bob)).isEqualTo("14E65567ABDB5135D0CFD9A70B3032C179A49EE7");
        assertThat(users.find("alice").orElseThrow()).isEqualTo(new UserAccount("alice", bob));
    }

    @Test
    void rejectsMalformedEntries() {
        assertThatThrownBy(() -> Users.parse("a:,a:x")).hasMessageContaining("listed twice");
        assertThatThrownBy(() -> Users.parse(":pw")).hasMessageContaining("must be user:password");
        assertThatThrownBy(() -> Users.parse("x:*ZZE65567ABDB5135D0CFD9A70B3032C179A49EE7"))
                .hasMessageContaining("entry for 'x'");
    }
}
