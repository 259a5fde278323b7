package org.taf.runner.build;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The build cache key: what identifies an artifact. The timeout does not: it does not change the artifact. */
public final class BuildKey {
    /** Bumped when the key's recipe changes, so old entries are never mistaken for new ones. */
    private static final String VERSION = "taf-build-key-1";

    private BuildKey() {}

    /**
     * @param treeId a {@link org.taf.runner.git.MaterializedTree#id()}: commit sha, or parent sha + diff hash
     * @return 64 lower-case hex digits: sha256 of the version, the tree id, the command and the artifact path
     */
    public static String of(String treeId, BuildSpec spec) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] {VERSION, treeId, spec.command(), spec.artifactPath()}) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                // Length-prefixed, so that no two different (id, command, path) triples hash the same bytes.
                sha.update((bytes.length + ":").getBytes(StandardCharsets.US_ASCII));
                sha.update(bytes);
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
