package org.taf.runner.git;

import java.io.File;
import org.eclipse.jgit.util.FS;

/**
 * Keeps JGit from spawning a {@code git} binary. JGit normally runs {@code git --version} and
 * {@code git config --system --list} once per JVM to find git's system-wide configuration file; TAF must
 * work where no git is installed and must not depend on one where it is. Pointing JGit at an empty system
 * configuration removes that discovery. Materialization writes raw blobs (no filters, no autocrlf), so
 * nothing TAF does would read those settings anyway.
 */
final class JGitNoBinary {
    private static volatile boolean installed;

    private JGitNoBinary() {}

    /** Idempotent; call before the first JGit repository is opened or created in this JVM. */
    static void install() {
        if (!installed) {
            synchronized (JGitNoBinary.class) {
                if (!installed) {
                    FS.DETECTED.setGitSystemConfig(new File("/dev/null"));
                    installed = true;
                }
            }
        }
    }
}
