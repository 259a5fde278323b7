package org.taf.runner.report.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.taf.runner.report.Messages;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.results.RunRecord;

/** Renders the synthetic site under target/ (never site/), for people and the browser test to look at. */
class PreviewTest {
    static final Path PREVIEW = Path.of("target/site-preview");

    static SitePublisher.Published render(Path dir) {
        List<RunRecord> runs = new ArrayList<>(SiteFixtures.history());
        runs.add(SiteFixtures.branches());
        SitePublisher publisher = new SitePublisher(dir, Messages.english(), p -> Optional.of(SiteFixtures.NARRATIVE));
        try {
            Path source = Files.createTempDirectory("taf-page-").resolve("study.md");
            Files.writeString(source, SiteFixtures.PAGE);
            publisher.keepPage(source);
            Files.delete(source);
            Files.delete(source.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return publisher.publish(runs);
    }

    @Test
    void rendersTheSyntheticSiteUnderTarget() {
        SitePublisher.Published site = render(PREVIEW);
        assertThat(site.posts()).hasSize(4);
    }
}
