package org.taf.runner.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code taf --version} and the version every result records: the runner's Maven version with its
 * git commit as semver build metadata ({@code 0.1.0-SNAPSHOT+g1a2b3c4d5e6f}, {@code .dirty} when the
 * working tree had changes), from {@code version.properties}, filtered at build time.
 */
final class VersionProvider implements IVersionProvider {
    private static final String FILE = "version.properties";

    /** The runner's version and commit, e.g. {@code 0.1.0-SNAPSHOT+g1a2b3c4d5e6f.dirty}. */
    static String runnerVersion() {
        try {
            return of(load());
        } catch (IOException | IllegalStateException e) {
            return "unknown";
        }
    }

    /** The version of {@code p}: semver build metadata is ignored for precedence, so history can drop it. */
    static String of(Properties p) {
        String version = p.getProperty("version", "unknown");
        String commit = p.getProperty("commit", "");
        if (commit.isBlank() || commit.startsWith("${")) {
            return version; // built outside a git checkout
        }
        return version + "+g" + commit + ("true".equals(p.getProperty("dirty")) ? ".dirty" : "");
    }

    private static Properties load() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is missing from the runner's classpath");
            }
            p.load(in);
        }
        return p;
    }

    @Override
    public String[] getVersion() throws IOException {
        return new String[] {"taf " + of(load()),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
