package org.taf.runner.jenkins;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The Ant patterns of archiveArtifacts, junit, stash and findFiles, as the shim matches them. */
class AntGlobTest {
    @Test
    void starStaysInOneDirectoryAndDoubleStarCrossesAnyNumber() {
        Predicate<String> reports = AntGlob.anyOf("*/target/surefire-reports/*.xml");
        assertThat(reports).accepts("taf-runner/target/surefire-reports/TEST-a.xml")
                .rejects("a/b/target/surefire-reports/TEST-a.xml", "taf-runner/target/surefire-reports/sub/TEST-a.xml");

        Predicate<String> all = AntGlob.anyOf("properties/**/*.properties");
        assertThat(all)
                .accepts("properties/quick.properties", "properties/a/b/c.properties")
                .rejects("properties/quick.txt");
    }

    @Test
    void listsTrailingSlashesAndDotSlash() {
        Predicate<String> p = AntGlob.anyOf("properties/examples/**, properties/profiles/");
        assertThat(p).accepts("properties/examples/x.properties", "properties/profiles/a/b.properties")
                .rejects("properties/gate.properties");
        assertThat(AntGlob.anyOf("./out/?.json")).accepts("out/a.json").rejects("out/ab.json");
    }

    @Test
    void workspacePathsStayInsideTheWorkspace() {
        Workspace w = new Workspace();
        w.write(Workspace.resolve("taf-out/gate", "../gate/./results/r/summary.txt"), "x");
        assertThat(w.find("taf-out", "*/results/*/summary.txt", null)).containsExactly("gate/results/r/summary.txt");
        w.delete("taf-out/gate");
        assertThat(w.files()).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Workspace.resolve("a", "../../etc"))
                .hasMessageContaining("leaves the workspace");
    }
}
