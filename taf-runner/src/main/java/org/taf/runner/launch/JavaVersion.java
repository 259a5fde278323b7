package org.taf.runner.launch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code java -version} says of a java executable: the first line and the feature release
 * (17, 25, ...). Asked once per executable and remembered; the engine's JVM is recorded with every run,
 * and the AOT cache needs a feature release of 25 or later.
 *
 * @param line    the first line, e.g. {@code openjdk version "25.0.3" 2026-04-21 LTS}
 * @param feature the feature release, e.g. 25
 */
public record JavaVersion(String line, int feature) {
    private static final Pattern QUOTED = Pattern.compile("\"(1\\.)?(\\d+)[^\"]*\"");
    private static final Map<Path, JavaVersion> KNOWN = new ConcurrentHashMap<>();

    /**
     * Runs {@code java -version}.
     *
     * @throws LaunchException when it cannot be run or does not say a version
     */
    public static JavaVersion of(Path java) {
        return KNOWN.computeIfAbsent(java, JavaVersion::probe);
    }

    private static JavaVersion probe(Path java) {
        try {
            Process p = new ProcessBuilder(java.toString(), "-version").redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new LaunchException(java + " -version did not answer within 30 s");
            }
            return parse(java, text);
        } catch (IOException e) {
            throw new LaunchException("cannot run " + java + " -version: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LaunchException("interrupted while running " + java + " -version", e);
        }
    }

    /** Parses the output of {@code java -version}. */
    static JavaVersion parse(Path java, String text) {
        for (String line : text.split("\\R")) {
            Matcher m = QUOTED.matcher(line);
            if (line.contains("version") && m.find()) {
                return new JavaVersion(line.strip(), Integer.parseInt(m.group(2)));
            }
        }
        throw new LaunchException(java + " -version did not say a version: " + text.strip());
    }
}
