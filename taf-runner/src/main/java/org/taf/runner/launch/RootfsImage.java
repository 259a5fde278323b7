package org.taf.runner.launch;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Image;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.images.builder.Transferable;

/**
 * The local engine image: {@code FROM scratch} plus a root file system of empty directories and the
 * merged-/usr links ({@code bin -> usr/bin}, {@code lib -> usr/lib}, ...), built with no network and
 * no registry. Everything it runs is bound in from the host ({@code /usr}, the JDK's configuration).
 * Its tag is a hash of its content, so one image is built once per machine and reused by every run;
 * it is labelled {@code org.taf.runner=rootfs}, and images of other contents (an older TAF's) are
 * removed by the sweep.
 */
final class RootfsImage {
    /** Repository of the local image; the tag is the content hash. */
    static final String REPOSITORY = "taf-runner/rootfs";
    static final String ROOTFS_LABEL = "rootfs";

    private RootfsImage() {}

    /** The root file system as a tar. */
    static byte[] rootfs() {
        return new Ustar()
                .symlink("bin", "usr/bin").symlink("sbin", "usr/sbin")
                .symlink("lib", "usr/lib").symlink("lib64", "usr/lib64")
                .directory("usr", 0755).directory("etc", 0755).directory("proc", 0555).directory("sys", 0555)
                .directory("dev", 0755).directory("tmp", 01777).directory("var", 0755).directory("var/tmp", 01777)
                .bytes();
    }

    /** The Dockerfile: ADD unpacks the tar at the root. */
    static String dockerfile() {
        return "FROM scratch\nADD rootfs.tar /\nLABEL " + ContainerPlan.LABEL + "=" + ROOTFS_LABEL + "\n";
    }

    /** {@code taf-runner/rootfs:<12 hex of sha256(Dockerfile + tar)>}. */
    static String name() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(dockerfile().getBytes(StandardCharsets.UTF_8));
            sha.update(rootfs());
            return REPOSITORY + ":" + HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Removes local images labelled as TAF's root file system other than the current one; those in use stay. */
    static void removeStale(DockerClient docker) {
        String current = name();
        for (Image image : docker.listImagesCmd().withLabelFilter(Map.of(ContainerPlan.LABEL, ROOTFS_LABEL)).exec()) {
            if (image.getRepoTags() != null && Arrays.asList(image.getRepoTags()).contains(current)) {
                continue;
            }
            try {
                docker.removeImageCmd(image.getId()).exec();
            } catch (RuntimeException e) {
                // in use by a container of another runner, or removed meanwhile: left for a later sweep
            }
        }
    }

    /** The image's name, building it first if this Docker does not have it. */
    static String ensure(DockerClient docker) {
        String name = name();
        try {
            docker.inspectImageCmd(name).exec();
            return name;
        } catch (NotFoundException absent) {
            // built below
        }
        ImageFromDockerfile image = new ImageFromDockerfile(name, false)
                .withFileFromString("Dockerfile", dockerfile())
                .withFileFromTransferable("rootfs.tar", Transferable.of(rootfs()))
                .withBuildImageCmdModifier(
                        cmd -> cmd.withNetworkMode("none").withLabels(Map.of(ContainerPlan.LABEL, ROOTFS_LABEL)));
        try {
            return image.get(); // LazyFuture: builds on this thread, failures come as unchecked exceptions
        } catch (RuntimeException e) {
            throw new LaunchException(
                    "cannot build the engine image " + name + " (FROM scratch, network none): " + e.getMessage(), e);
        }
    }
}
