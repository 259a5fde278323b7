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
    /** The config's lower bound for profile.memory_limit (Docker itself refuses less than 6 MiB, naming it). */
    static final long MIN_MEMORY = 4L * 1024 * 1024;

    public ContainerOptions {
        if (image.isPresent() && image.get().isBlank()) {
            throw new IllegalArgumentException("profile.image is blank");
        }
        if (memoryLimit.isPresent() && memoryLimit.getAsLong() < MIN_MEMORY) {
            throw new IllegalArgumentException("profile.memory_limit (" + memoryLimit.getAsLong()
                    + " bytes) must be at least 4M");
        }
    }
}
