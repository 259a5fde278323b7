package org.taf.runner.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.taf.runner.report.PostView.Setting;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.DefinitionRecord.SettingRecord;
import org.taf.runner.results.RunRecord;
import org.taf.runner.results.SideRecord;

/** Builds the {@link PostView} of one run. */
final class PostViewBuilder {
    private PostViewBuilder() {}

    /**
     * @param narratives reads the Markdown file named by {@code post.narrative}; empty when unreadable
     */
    static PostView build(RunRecord run, Messages m, Function<Path, Optional<String>> narratives) {
        PostContext x = PostContext.of(run, m);
        String path = SitePaths.post(run.runId());
        String title = PostTexts.title(x);
        String narrativeHtml = "";
        String narrativeFile = "";
        Optional<String> narrative = x.settings().get("post.narrative");
        if (narrative.isPresent()) {
            Optional<String> text = narratives.apply(Path.of(narrative.get()));
            if (text.isPresent()) {
                narrativeHtml = Markdown.toHtml(text.get());
            } else {
                narrativeFile = narrative.get();
            }
        }
        Set<String> workloads = new LinkedHashSet<>();
        run.comparisons().forEach(c -> c.cells().forEach(cell -> workloads.add(cell.workload())));
        String root = SitePaths.root(path);
        List<PageView.Link> histories = workloads.stream()
                .map(w -> new PageView.Link(w, root + SitePaths.history(w))).toList();
        var def = run.definition();
        List<PostView.Answer> answers = answers(x);
        PageView page = PageView.of(m, title, path).describedAs(String.join(" ", VerdictTexts.sentences(run, m, x.f())));
        return new PostView(page, run.runId(), x.f().minute(run.startedAt()),
                run.startedAt() == null ? "" : Formats.iso(run.startedAt()), run.status().name(), answers,
                PostTexts.summary(x), PostTexts.highlights(x), Warnings.aboutRun(run, m), narrativeHtml, narrativeFile,
                run.comments() == null ? "" : run.comments(), GlanceBuilder.build(x), SweepBuilder.build(x),
                ComparisonBuilder.build(x), EnvironmentFacts.of(x), settings(x.settings().withPrefix("engine.")),
                settings(x.settings().withPrefix("workload.")),
                settings(x.settings().withPrefix("measure.", "warmup.", "rest.", "verdict.", "stats.")),
                settings(x.settings().all()), def == null ? "" : def.file(), def == null ? "" : def.sourceText(),
                reproduce(x), root + SitePaths.data(run.runId()), histories);
    }

    /** The verdict per comparison, as summary.md's first lines say it, each linked to its deciding cell. */
    static List<PostView.Answer> answers(PostContext x) {
        List<PostView.Answer> out = new ArrayList<>();
        for (VerdictTexts.Sentence s : VerdictTexts.parts(x.run(), x.m(), x.f())) {
            SummaryRow d = s.deciding();
            ComparisonRecord c = x.run().comparisons().stream().filter(k -> k.name().equals(d.comparison()))
                    .findFirst().orElseThrow();
            out.add(new PostView.Answer(PostContext.verdictName(d.cell()), x.m().get("post.answer", s.label(), s.text()),
                    "#" + PostContext.cellAnchor(c, d.cell())));
        }
        return out;
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
                if (x.settings().get(revisionKey).isPresent() && c.parent() != null && c.parent().commit() != null) {
                    pins.add("-D" + revisionKey + "=" + c.parent().commit().sha());
                }
            }
            if (!pins.isEmpty()) {
                out.add(command + " " + String.join(" ", new LinkedHashSet<>(pins)));
            }
        }
        String results = x.settings().get("output.results_dir").orElse("results");
        out.add("./taf publish " + results.replaceAll("/+$", "") + "/" + run.runId());
        return out;
    }

    private static void pin(PostContext x, List<String> pins, String comparison, SideRecord side, String role) {
        if (side == null || side.commit() == null || side.patchDiff() != null) {
            return;
        }
        for (String key : new String[] {"comparison." + comparison + "." + role, role}) {
            if (x.settings().get(key).isPresent() && (key.startsWith("comparison.") || x.run().comparisons().size() == 1)) {
                pins.add("-D" + key + "=" + side.commit().sha());
                return;
            }
        }
    }
}
