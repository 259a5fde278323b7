package org.taf.engine.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The accounts of the {@code users} variable: comma-separated {@code user:password} entries, where
 * the password may be empty or written as the {@code *}-prefixed hash MariaDB's {@code PASSWORD()}
 * prints. Default {@code root:,sbtest:} (two accounts without a password, enough for sysbench and
 * the tests). Immutable.
 */
public final class Users {
    private final Map<String, UserAccount> accounts;

    private Users(Map<String, UserAccount> accounts) {
        this.accounts = Collections.unmodifiableMap(accounts);
    }

    /**
     * Parses the value of {@code users}.
     *
     * @throws EngineConfigException naming the bad entry
     */
    public static Users parse(String value) {
        Map<String, UserAccount> accounts = new LinkedHashMap<>();
        for (String entry : value.split(",", -1)) {
            String e = entry.strip();
            int colon = e.indexOf(':');
            if (colon <= 0) {
                throw new EngineConfigException("users = '" + value + "': entry '" + e
                        + "' must be user:password (the password may be empty)");
            }
            String name = e.substring(0, colon);
            String password = e.substring(colon + 1);
            UserAccount account;
            try {
                account = password.startsWith("*") && password.length() == 41
                        ? UserAccount.withHash(name, password) : UserAccount.withPassword(name, password);
            } catch (IllegalArgumentException bad) {
                throw new EngineConfigException(
                        "users = '" + value + "': entry for '" + name + "': " + bad.getMessage());
            }
            if (accounts.put(name, account) != null) {
                throw new EngineConfigException("users = '" + value + "': user '" + name + "' is listed twice");
            }
        }
        return new Users(accounts);
    }

    /** The users of {@code config}'s {@code users} variable. */
    public static Users of(EngineConfig config) {
        return parse(config.value("users"));
    }

    public Optional<UserAccount> find(String name) {
        return Optional.ofNullable(accounts.get(name));
    }

    public Map<String, UserAccount> accounts() {
        return accounts;
    }
}
