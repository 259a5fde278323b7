package org.taf.runner.report.post;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.taf.runner.report.Formats;
import org.taf.runner.report.Markdown;
import org.taf.runner.report.Messages;
import org.taf.runner.report.PageView;
import org.taf.runner.report.SitePaths;
import org.taf.runner.report.Warnings;
import org.taf.runner.report.post.PostView.Setting;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/** Builds the {@link PostView} of one run. */
public final class PostViewBuilder {
    private PostViewBuilder() {}

    /**
     * @param narratives reads the Markdown file named by {@code post.narrative}; empty when unreadable
     */
    static PostView build(RunRecord run, Messages m, Function<Path, Optional<String>> narratives) {
        return build(run, m, narratives, null, List.of());
    }

    /**
     * The newer post of the same story that replaces a post.
     *
     * @param startedAt its run's start, or null
     * @param post      its path from the site's root
     */
    public record Newer(Instant startedAt, String post) {}

    /**
     * @param newer   the newer post of the same story that replaces this one, or null
     * @param earlier the earlier runs of its story, newest first, linked from this post
     */
    public static PostView build(RunRecord run, Messages m, Function<Path, Optional<String>> narratives, Newer newer,
                                 List<PostView.EarlierRun> earlier) {
        PostContext read = PostContext.of(run, m, narratives);
        PostContext x = newer == null ? read : read.withoutCellDetails();
        String path = SitePaths.post(run.runId());
        String title = PostTexts.title(x);
        String narrativeHtml = x.narrative().isEmpty() ? "" : Markdown.toHtml(x.narrative());
        String root = SitePaths.root(path);
        List<PageView.Link> histories = run.workloads().stream()
                .map(w -> new PageView.Link(w, root + SitePaths.history(w))).toList();
        var def = run.definition();
        List<PostView.Headline> headlines = Headlines.of(x);
        PageView page = PageView.of(m, title, path).describedAs(String.join(" ", headlines.stream()
                .map(h -> (h.label().isEmpty() ? "" : h.label() + ": ") + h.badge() + ": " + h.sentence() + ".")
                .toList()));
        List<SettingRecord> all = def == null ? List.of() : def.settings();
        List<PostView.Comparison> comparisons = ComparisonBuilder.build(x);
        return new PostView(
                page,
                run.runId(),
                x.f().minute(run.startedAt()),
                run.startedAt() == null ? "" : Formats.iso(run.startedAt()),
                run.status().name(),
                headlines,
                headlines.stream().filter(h -> !h.counters().isEmpty()).toList(),
                ComparisonLabels.chain(run),
                Narratives.readFirst(x.narrative()).orElse(""),
                TpsCharts.of(x),
                Reliability.problem(run, m),
                newer == null
                        ? null
                        : new PageView.Link(x.f().minute(newer.startedAt()), root + newer.post()),
                List.copyOf(earlier),
                PostTexts.summary(x),
                PostTexts.highlights(x),
                Warnings.aboutRun(run, m),
                narrativeHtml,
                run.comments() == null ? "" : run.comments(),
                GlanceBuilder.build(x),
                SweepBuilder.build(x),
                comparisons,
                EnvironmentFacts.of(x),
                settings(withPrefix(all, "engine.")),
                settings(withPrefix(all, "workload.")),
                settings(withPrefix(all, "measure.", "warmup.", "rest.", "verdict.", "stats.")),
                settings(all),
                def == null ? "" : def.file(),
                def == null ? "" : def.sourceText(),
                reproduce(x),
                histories,
                PostFiles.pictures(headlines, comparisons).isEmpty() ? "" : PostFiles.STYLESHEET);
    }

    /** Settings whose key starts with one of {@code prefixes}, in recorded order. */
    private static List<SettingRecord> withPrefix(List<SettingRecord> all, String... prefixes) {
        return all.stream().filter(s -> java.util.Arrays.stream(prefixes).anyMatch(p -> s.key().startsWith(p)))
                .toList();
    }

    private static List<Setting> settings(List<SettingRecord> records) {
        return records.stream().map(s -> new Setting(s.key(), s.value() == null ? "" : s.value(),
                s.origin() == null ? "" : s.origin())).toList();
    }

    /**
     * The recorded command; the same with every revision pinned to the sha it resolved to (HEAD~1
     * moves, a sha does not), for the keys the definition actually used; and how to re-render the post.
     */
    static List<String> reproduce(PostContext x) {
        RunRecord run = x.run();
        List<String> out = new ArrayList<>();
        String command = run.definition() == null ? "" : run.definition().command();
        if (command != null && !command.isBlank()) {
            out.add(command);
            List<String> pins = new ArrayList<>();
            for (ComparisonRecord c : run.comparisons()) {
                pin(x, pins, c.name(), c.parent(), "parent");
                pin(x, pins, c.name(), c.patch(), "patch");
                String revisionKey = "comparison." + c.name() + ".revision";
                if (x.isSet(revisionKey) && c.parent() != null && c.parent().commit() != null) {
                    pins.add("-D" + revisionKey + "=" + c.parent().commit().sha());
                }
            }
            if (!pins.isEmpty()) {
                out.add(command + " " + String.join(" ", new LinkedHashSet<>(pins)));
            }
        }
        String results = run.definition() == null ? "results"
                : run.definition().setting("output.results_dir").orElse("results");
        out.add("./taf publish " + results.replaceAll("/+$", "") + "/" + run.runId());
        return out;
    }

    private static void pin(PostContext x, List<String> pins, String comparison, SideRecord side, String role) {
        if (side == null || side.commit() == null || side.patchDiff() != null) {
            return;
        }
        for (String key : new String[] {"comparison." + comparison + "." + role, role}) {
            if (x.isSet(key) && (key.startsWith("comparison.") || x.run().comparisons().size() == 1)) {
                pins.add("-D" + key + "=" + side.commit().sha());
                return;
            }
        }
    }
}
