package org.taf.runner.build;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The offline-first rule for Maven builds: a plain {@code mvn}/{@code mvnw} command with {@code -o} that
 * failed only because the local repository lacks an artifact is retried once without {@code -o}. Any other
 * failure (a compile error, a failing plugin) is not retried: going online would not fix it.
 */
final class MavenOffline {
    private static final Set<String> MAVEN = Set.of("mvn", "mvnw", "mvn.cmd", "mvnw.cmd");
    private static final Set<String> OFFLINE_FLAGS = Set.of("-o", "--offline");
    /**
     * What Maven prints when offline resolution misses an artifact, a plugin or a parent/import POM:
     * "Cannot access central (...) in offline mode and the artifact ... has not been downloaded from it before".
     */
    private static final String MISSING_ARTIFACT = "in offline mode";

    private MavenOffline() {}

    /**
     * @param command   the build command as configured
     * @param attemptLog what the failed offline attempt wrote to the log
     * @return the command to retry online, if the rule applies
     */
    static Optional<String> onlineRetry(String command, String attemptLog) {
        List<String> words = Arrays.asList(command.strip().split("\\s+"));
        if (words.isEmpty() || !MAVEN.contains(Path.of(words.get(0)).getFileName().toString())) {
            return Optional.empty();
        }
        if (words.stream().noneMatch(OFFLINE_FLAGS::contains)) {
            return Optional.empty();
        }
        if (!attemptLog.contains(MISSING_ARTIFACT)) {
            return Optional.empty();
        }
        return Optional.of(words.stream().filter(w -> !OFFLINE_FLAGS.contains(w)).collect(Collectors.joining(" ")));
    }
}
