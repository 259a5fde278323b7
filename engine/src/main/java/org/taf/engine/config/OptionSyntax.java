package org.taf.engine.config;

import java.util.Locale;
import java.util.Optional;

/**
 * The option prefixes MariaDB accepts in option files and on the command line: {@code loose-}
 * (ignore if unknown), {@code skip-} and {@code disable-} (a boolean set OFF), {@code enable-}
 * (ON), and a bare boolean option meaning ON.
 */
final class OptionSyntax {
    private OptionSyntax() {}

    /**
     * The setting for option {@code rawName} with {@code value} (null when written without {@code =}).
     *
     * @throws EngineConfigException when a non-boolean option has no value
     */
    static Setting setting(String rawName, String value, String origin) {
        String name = rawName.trim();
        boolean loose = false;
        if (hasPrefix(name, "loose-") || hasPrefix(name, "loose_")) {
            loose = true;
            name = name.substring("loose-".length());
        }
        String forced = null;
        for (String prefix : new String[] {"skip", "disable", "enable"}) {
            if (hasPrefix(name, prefix + "-") || hasPrefix(name, prefix + "_")) {
                String rest = name.substring(prefix.length() + 1);
                // Only a prefix if what follows is a boolean variable (a variable may itself start with "skip").
                if (isBoolean(rest)) {
                    name = rest;
                    forced = prefix.equals("enable") ? "ON" : "OFF";
                }
                break;
            }
        }
        if (forced != null) {
            if (value != null) {
                throw new EngineConfigException(origin + ": option '" + rawName + "' takes no value");
            }
            return new Setting(name, forced, origin, loose);
        }
        if (value == null) {
            Optional<Variable> v = Variables.find(name);
            if (v.isPresent() && v.get().type() != VariableType.BOOLEAN) {
                throw new EngineConfigException(origin + ": option '" + rawName + "' requires a value");
            }
            value = "ON";
        }
        return new Setting(name, value, origin, loose);
    }

    private static boolean hasPrefix(String name, String prefix) {
        return name.toLowerCase(Locale.ROOT).startsWith(prefix) && name.length() > prefix.length();
    }

    private static boolean isBoolean(String name) {
        return Variables.find(name).map(v -> v.type() == VariableType.BOOLEAN).orElse(false);
    }
}
