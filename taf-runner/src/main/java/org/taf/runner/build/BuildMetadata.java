package org.taf.runner.build;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@code build.json} of a cache entry: what was built, how, when, with which JVM; read back on a cache hit.
 *
 * @param commandsRun   the commands actually run, in order (the offline attempt, then the online retry)
 * @param durationMs    wall time of the build in milliseconds
 * @param artifactSha256 the artifact's content hash, so a result can name exactly what was measured
 * @param jvm           the runner's JVM, which the build inherits unless it sets {@code JAVA_HOME} itself
 * @param javaHome      {@code JAVA_HOME} as the build saw it, or the runner's {@code java.home}
 */
record BuildMetadata(
        int formatVersion,
        String cacheKey,
        String treeId,
        String treeLabel,
        String command,
        List<String> commandsRun,
        String artifactPath,
        String artifactSha256,
        long artifactBytes,
        Instant startedAt,
        Instant finishedAt,
        long durationMs,
        String jvm,
        String javaHome) {

    static final int FORMAT_VERSION = 1;
    static final String FILE_NAME = "build.json";

    private static final ObjectMapper JSON = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT);

    BuildMetadata {
        commandsRun = List.copyOf(commandsRun);
    }

    void write(Path file) throws IOException {
        JSON.writeValue(file.toFile(), this);
    }

    static BuildMetadata read(Path file) throws IOException {
        BuildMetadata m = JSON.readValue(file.toFile(), BuildMetadata.class);
        if (m.formatVersion() != FORMAT_VERSION) {
            throw new IOException(file + " has format_version " + m.formatVersion() + ", expected " + FORMAT_VERSION);
        }
        return m;
    }
}
