package org.taf.runner.build;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MavenOfflineTest {
    /** Verbatim from Maven 3.8.7 run offline with an empty local repository. */
    static final String OFFLINE_MISS = """
        [ERROR] [ERROR] Some problems were encountered while processing the POMs:
        [ERROR] Non-resolvable import POM: Cannot access central (https://repo.maven.apache.org/maven2) in offline \
        mode and the artifact org.junit:junit-bom:pom:6.1.3 has not been downloaded from it before. @ line 47, column 19
        """;

    static final String COMPILE_ERROR = """
        [ERROR] COMPILATION ERROR :
        [ERROR] /tree/engine/src/main/java/Foo.java:[3,1] class, interface, enum, or record expected
        """;

    @Test
    void theDefaultCommandIsRetriedOnlineWithoutTheOfflineFlag() {
        assertThat(MavenOffline.onlineRetry(BuildSpec.DEFAULT_COMMAND, OFFLINE_MISS))
                .contains("mvn -B -ntp -q -pl engine -am -DskipTests package");
    }

    @Test
    void longFlagWrappersAndPathsAreRecognized() {
        assertThat(MavenOffline.onlineRetry("  ./mvnw --offline  package ", OFFLINE_MISS)).contains("./mvnw package");
        assertThat(MavenOffline.onlineRetry("/opt/maven/bin/mvn -o package", OFFLINE_MISS))
                .contains("/opt/maven/bin/mvn package");
    }

    @Test
    void otherFailuresAreNotRetried() {
        assertThat(MavenOffline.onlineRetry(BuildSpec.DEFAULT_COMMAND, COMPILE_ERROR)).isEmpty();
        assertThat(MavenOffline.onlineRetry(BuildSpec.DEFAULT_COMMAND, "")).isEmpty();
    }

    @Test
    void onlyOfflineMavenCommandsAreRetried() {
        assertThat(MavenOffline.onlineRetry("mvn -B package", OFFLINE_MISS)).as("already online").isEmpty();
        assertThat(MavenOffline.onlineRetry("gradle --offline build", OFFLINE_MISS)).isEmpty();
        assertThat(MavenOffline.onlineRetry("make -o mvn", OFFLINE_MISS)).isEmpty();
        assertThat(MavenOffline.onlineRetry("cd engine && mvn -o package", OFFLINE_MISS))
                .as("not a plain Maven invocation").isEmpty();
    }
}
