package org.taf.runner.launch;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * How the {@link ContainerRuntime} makes its containers, the same for every engine of a run (the
 * CPUs come per launch, from {@link LaunchSpec#cpuSet()}).
 *
 * @param image       {@code profile.image}: an image to run instead of the local root file system
 *                    (pulled if absent, so a registry must be reachable); empty (the default): a
 *                    FROM-scratch image built locally, with the host's {@code /usr} and JDK
 *                    configuration bound in read-only
 * @param memoryLimit {@code profile.memory_limit}: the container's memory limit in bytes, swap
 *                    included (no swapping past it); empty (the default): no limit
 */
public record ContainerOptions(Optional<String> image, OptionalLong memoryLimit) {
    /** Docker refuses less than 6 MiB; a JVM needs far more, but that is the engine's error to report. */
    static final long MIN_MEMORY = 6L * 1024 * 1024;

    public ContainerOptions {
        if (image.isPresent() && image.get().isBlank()) {
            throw new IllegalArgumentException("profile.image is blank");
        }
        if (memoryLimit.isPresent() && memoryLimit.getAsLong() < MIN_MEMORY) {
            throw new IllegalArgumentException("profile.memory_limit (" + memoryLimit.getAsLong()
                    + " bytes) must be at least 6M (Docker's minimum)");
        }
    }

    /** The local image and no memory limit. */
    public static ContainerOptions defaults() {
        return new ContainerOptions(Optional.empty(), OptionalLong.empty());
    }
}
