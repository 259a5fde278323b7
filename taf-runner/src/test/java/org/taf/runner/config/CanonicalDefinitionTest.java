package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code taf convert}'s text: loading it gives what the original resolves to, origins aside. */
class CanonicalDefinitionTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"sysbench_lua.properties", "MDEV32750_AHI_ON.properties",
        "MDEV32750_AHI_OFF_tprocc.properties"})
    void convertingThenLoadingGivesTheSameDefinition(String example) throws Exception {
        Files.copy(TafPerlDefinitionsTest.INPUT.resolve(example), dir.resolve(example));
        Fixture f = new Fixture(dir);
        ResolvedConfig original = f.resolve(example);
        String canonical = CanonicalDefinition.write(original);
        Files.writeString(dir.resolve("converted.properties"), canonical);
        ResolvedConfig converted = f.resolve("converted.properties");

        assertThat(withoutOrigins(converted)).isEqualTo(withoutOrigins(original));
        assertThat(converted.warnings()).as("nothing left to drop").isEmpty();
        assertThat(converted.values()).filteredOn(v -> v.origin().kind() == Origin.Kind.FILE)
                .allMatch(v -> v.origin().alias().isEmpty(), "canonical names only");
        for (ResolvedConfig.Dropped d : original.dropped()) {
            assertThat(canonical).contains("# " + d.written() + " = ");
        }
        f.load("converted.properties"); // and it passes the cross-key checks too
    }

    @Test
    void sysbenchExampleConvertsToThisText() throws Exception {
        Files.copy(TafPerlDefinitionsTest.INPUT.resolve("sysbench_lua.properties"), dir.resolve("s.properties"));
        String canonical = CanonicalDefinition.write(new Fixture(dir).resolve("s.properties"));
        Golden.assertMatches(Golden.file("taf-perl/sysbench_lua.converted.properties"), canonical,
                TafPerlDefinitionsTest.REGENERATE.replace("TafPerlDefinitionsTest", "CanonicalDefinitionTest"));
        assertThat(canonical).contains("\nmeasure.duration = 300s\n", "\nengine.innodb_doublewrite = \n",
                "\nname = s\n", "\n# taf.db_user_pass = ****  (line 39): ").doesNotContain("MariadbPass");
    }

    @Test
    void valuesThatNeedEscapesReadBack() throws Exception {
        Fixture f = new Fixture(dir);
        f.write("e.properties", "comments = a\\\\b\\tc\\nd", "post.title = ends with a backslash \\\\");
        ResolvedConfig original = f.resolve("e.properties");
        Files.writeString(dir.resolve("c.properties"), CanonicalDefinition.write(original));
        assertThat(withoutOrigins(f.resolve("c.properties"))).isEqualTo(withoutOrigins(original));
        assertThat(original.find("comments").orElseThrow().value()).isEqualTo("a\\b\tc\nd");
    }

    private static List<String> withoutOrigins(ResolvedConfig c) {
        return c.values().stream().map(v -> v.key() + " = " + v.value()).toList();
    }
}
