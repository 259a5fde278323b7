package org.taf.engine.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The server's command line: {@code [--defaults-file=FILE] [--no-defaults] [--variable=value ...]
 * [--help] [--version]}. Settings are layered: defaults, then the option file, then the command
 * line (the command line wins), as in MariaDB. Each setting is checked where it was written, so
 * an error names {@code file:line} or {@code command line}.
 *
 * @param config  the effective configuration
 * @param help    {@code --help} was given: print the variables and exit
 * @param version {@code --version} was given: print the version and exit
 */
public record ServerArguments(EngineConfig config, boolean help, boolean version) {
    public ServerArguments {
        Objects.requireNonNull(config, "config");
    }

    /**
     * Parses {@code args}.
     *
     * @throws EngineConfigException for an unknown option or variable, a bad value or an unreadable
     *                               option file; the message names where it was written
     */
    public static ServerArguments parse(List<String> args) {
        Path defaultsFile = null;
        boolean help = false;
        boolean version = false;
        List<Setting> commandLine = new ArrayList<>();
        for (String arg : args) {
            if (arg.equals("--help") || arg.equals("-?")) {
                help = true;
            } else if (arg.equals("--version") || arg.equals("-V")) {
                version = true;
            } else if (arg.equals("--no-defaults") || arg.equals("--verbose")) {
                continue; // no default option files are ever read; --verbose only matters with --help
            } else if (arg.startsWith("--defaults-file=")) {
                defaultsFile = Path.of(arg.substring("--defaults-file=".length()));
            } else if (arg.startsWith("--") && arg.length() > 2) {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
                String value = eq < 0 ? null : arg.substring(eq + 1);
                commandLine.add(OptionSyntax.setting(name, value, "command line"));
            } else {
                throw new EngineConfigException("command line: unexpected argument '" + arg
                        + "' (options are written --name=value)");
            }
        }
        List<Setting> all = new ArrayList<>();
        if (defaultsFile != null) {
            all.addAll(OptionFile.read(defaultsFile));
        }
        all.addAll(commandLine);
        return new ServerArguments(configOf(all), help, version);
    }

    /** The configuration of {@code settings}, later ones overriding earlier ones. */
    public static EngineConfig configOf(List<Setting> settings) {
        Map<String, String> values = new LinkedHashMap<>();
        for (Setting s : settings) {
            if (Variables.find(s.name()).isEmpty()) {
                if (s.loose()) {
                    continue;
                }
                throw new EngineConfigException(s.origin() + ": unknown variable '" + s.name() + "'");
            }
            try {
                EngineConfig.of(Map.of(s.name(), s.value()));
            } catch (EngineConfigException e) {
                throw new EngineConfigException(s.origin() + ": " + e.getMessage());
            }
            values.put(Variables.canonical(s.name()), s.value());
        }
        EngineConfig config = EngineConfig.of(values);
        Users.parse(config.value("users"));
        return config;
    }
}
