package org.taf.runner.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.config.ConfigException;
import org.taf.runner.config.ConfigLoader;
import org.taf.runner.config.LoadContext;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.results.PostRecord;

/**
 * A run records its post's settings with the narrative's text, so that the post can be made anywhere;
 * a story whose narrative cannot be read does not run, and the error names the file.
 */
class PostRecordTest {
    @TempDir
    Path dir;

    private TestDefinition load(String... lines) throws Exception {
        Files.createDirectories(dir.resolve("repo"));
        Files.write(dir.resolve("p.properties"), List.of(lines));
        return new ConfigLoader(new LoadContext(dir, Map.of(), dir, dir)).load(Path.of("p.properties"), Map.of());
    }

    @Test
    void theNarrativesTextAndThePostSettingsAreRecorded() throws Exception {
        Files.createDirectories(dir.resolve("narratives"));
        Files.writeString(dir.resolve("narratives/story.md"), "## What happened\n\nThe mutex left the hit path.\n");
        TestDefinition def = load("repository = repo", "post.title = A story", "post.story = 2",
                "post.narrative = narratives/story.md", "post.key_counters = Innodb_buffer_pool_mutex_acquisitions,"
                        + " cpu_per_tx");
        PostRecord post = DefinitionRecords.post(def);
        assertThat(post.title()).isEqualTo("A story");
        assertThat(post.story()).isEqualTo(2);
        assertThat(post.narrativeFile()).isEqualTo(dir.resolve("narratives/story.md").toString());
        assertThat(post.narrative()).startsWith("## What happened");
        assertThat(post.keyCounters()).containsExactly("Innodb_buffer_pool_mutex_acquisitions", "cpu_per_tx");
    }

    @Test
    void aNarrativeThatCannotBeReadAtRunTimeStopsTheRunNamingTheFile() throws Exception {
        Path story = dir.resolve("story.md");
        Files.writeString(story, "text");
        TestDefinition def = load("repository = repo", "post.narrative = story.md");
        Files.delete(story); // gone between validation and the run
        assertThatThrownBy(() -> DefinitionRecords.post(def)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("post.narrative = " + story).hasMessageContaining("cannot read the narrative");
    }

    @Test
    void withoutPostSettingsThePostIsMadeFromTheData() throws Exception {
        PostRecord post = DefinitionRecords.post(load("repository = repo"));
        assertThat(post).isEqualTo(PostRecord.NONE);
    }
}
