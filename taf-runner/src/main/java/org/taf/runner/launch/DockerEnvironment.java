package org.taf.runner.launch;

import com.github.dockerjava.api.DockerClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.DockerClientFactory;

/**
 * The Docker client, through Testcontainers, and the settings it needs on a machine without a
 * registry. Testcontainers reads two of them only from the process environment (a JVM cannot set
 * its own), so the {@code taf} launcher and the Failsafe configuration export them and this class
 * refuses to start without them, naming what is missing:
 * <ul>
 * <li>{@code TESTCONTAINERS_RYUK_DISABLED=true}: Ryuk is a container pulled from a registry; TAF
 *     labels its containers and sweeps them itself instead.</li>
 * <li>{@code TESTCONTAINERS_HOST_OVERRIDE=localhost}, only when the runner itself runs in a container
 *     ({@code /.dockerenv}): otherwise Testcontainers starts a container from a pulled image to find
 *     the Docker host's address. Engines use host networking and 127.0.0.1, so the answer is moot.</li>
 * </ul>
 * The docker-java API version is a system property, so it is set here: {@code api.version=1.41}
 * (Docker 20.10, the oldest daemon supported) unless already given with {@code -Dapi.version}.
 * {@code DOCKER_HOST} is optional: the default is {@code unix:///var/run/docker.sock}.
 * {@code TESTCONTAINERS_CHECKS_DISABLE} is not needed: Testcontainers 2's only check compares versions.
 */
final class DockerEnvironment {
    static final String API_VERSION = "1.41";

    private DockerEnvironment() {}

    /** The settings missing from {@code env} ("NAME=value" each); empty when all is set. */
    static List<String> missing(Map<String, String> env, boolean insideContainer) {
        List<String> out = new ArrayList<>();
        if (!"true".equalsIgnoreCase(env.getOrDefault("TESTCONTAINERS_RYUK_DISABLED", ""))) {
            out.add("TESTCONTAINERS_RYUK_DISABLED=true");
        }
        if (insideContainer && env.getOrDefault("TESTCONTAINERS_HOST_OVERRIDE", "").isBlank()) {
            out.add("TESTCONTAINERS_HOST_OVERRIDE=localhost");
        }
        return out;
    }

    /**
     * The shared Docker client.
     *
     * @throws LaunchException when a setting is missing or Docker cannot be reached (naming DOCKER_HOST)
     */
    static DockerClient client() {
        List<String> missing = missing(System.getenv(), Files.exists(Path.of("/.dockerenv")));
        if (!missing.isEmpty()) {
            throw new LaunchException("the container runtime needs " + String.join(" and ", missing)
                    + " in the environment (no registry to pull Testcontainers' helper images from); ./taf sets them");
        }
        if (System.getProperty("api.version") == null) {
            System.setProperty("api.version", API_VERSION);
        }
        try {
            return DockerClientFactory.instance().client();
        } catch (RuntimeException e) {
            String host = System.getenv().getOrDefault("DOCKER_HOST", "unix:///var/run/docker.sock");
            throw new LaunchException("cannot reach Docker at " + host + " (is dockerd running? .ci/setup starts it): "
                    + e.getMessage(), e);
        }
    }
}
