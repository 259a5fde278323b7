package org.taf.runner.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** {@code taf --version}: the runner's Maven version (filtered into {@code version.properties}) and the JVM. */
final class VersionProvider implements IVersionProvider {
    /** The runner's version, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String runnerVersion() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    @Override
    public String[] getVersion() throws IOException {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                throw new IllegalStateException("version.properties is missing from the runner's classpath");
            }
            p.load(in);
        }
        return new String[] {"taf " + p.getProperty("version"),
            "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
    }
}
