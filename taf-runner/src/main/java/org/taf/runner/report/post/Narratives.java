package org.taf.runner.report.post;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.taf.runner.report.ReportException;
import org.taf.runner.results.PostRecord;
import org.taf.runner.results.RunRecord;

/**
 * A post's narrative: the file it names when this machine has it (so that a story's text can be edited
 * after its run and published again), else the text recorded with the run. A post whose narrative can
 * be read neither way is an error naming the run and the file: a story published without its story
 * (the four posts of 2026-12-01/02 said "was not found" because the runner looked up the definition's
 * relative path from the directory it was started in, not from the definition's).
 */
public final class Narratives {
    /** Directories above the current one that are tried as the run's working directory (a module's tests). */
    private static final int UP = 3;

    private Narratives() {}

    /**
     * The narrative's Markdown, or empty when the post names none.
     *
     * @param files reads a file; empty when it is missing or unreadable
     * @throws ReportException when a narrative is named but can be read neither from a file nor the record
     */
    static Optional<String> of(RunRecord run, Function<Path, Optional<String>> files) {
        PostRecord post = run.definition() == null ? PostRecord.NONE : run.definition().post();
        if (post.narrativeFile() == null) {
            return Optional.empty();
        }
        List<Path> tried = candidates(run, Path.of(post.narrativeFile()));
        for (Path p : tried) {
            Optional<String> text = files.apply(p);
            if (text.isPresent()) {
                return text;
            }
        }
        if (post.narrative() != null) {
            return Optional.of(post.narrative());
        }
        throw new ReportException("run " + run.runId() + ": post.narrative = " + post.narrativeFile()
                + ": cannot read the narrative, and the run did not record its text (looked at "
                + String.join(", ", tried.stream().map(Path::toString).toList()) + ")");
    }

    /**
     * Where the file may be: as recorded (absolute since the narrative is recorded with the run); for older
     * runs, which recorded the definition's relative value, beside the definition file, from the current
     * directory and the few above it.
     */
    static List<Path> candidates(RunRecord run, Path named) {
        if (named.isAbsolute()) {
            return List.of(named);
        }
        Set<Path> out = new LinkedHashSet<>();
        Path definitionDir = run.definition() == null || run.definition().file() == null ? null
                : Path.of(run.definition().file()).getParent();
        Path here = Path.of("").toAbsolutePath();
        List<Path> roots = new ArrayList<>();
        for (int i = 0; i <= UP && here != null; i++, here = here.getParent()) {
            roots.add(here);
        }
        for (Path root : roots) {
            if (definitionDir != null) {
                out.add(root.resolve(definitionDir).resolve(named).normalize());
            }
            out.add(root.resolve(named).normalize());
        }
        return List.copyOf(out);
    }

    /** The label of the narrative's line that a "no change" headline quotes as its why. */
    static final String WHY_NO_CHANGE = "**Why no change:**";
    /** The label of the narrative's line the post shows under its answers, before anything else. */
    static final String READ_FIRST = "**Read first:**";

    /**
     * Why a story's comparisons show no change, when its narrative says so in a paragraph that starts with
     * {@value #WHY_NO_CHANGE} ("2 vCPUs cannot contend this mutex; the original needed 512 threads"): the paragraph's
     * text after the label, as plain text without its final stop; empty when the narrative has none.
     */
    static Optional<String> whyNoChange(String markdown) {
        return paragraph(markdown, WHY_NO_CHANGE);
    }

    /**
     * What a reader must know before the numbers, when the narrative has a paragraph that starts with
     * {@value #READ_FIRST} (the bp-instances story: its answer is a flaw of this engine, not MariaDB's finding).
     */
    static Optional<String> readFirst(String markdown) {
        return paragraph(markdown, READ_FIRST);
    }

    /** The text after {@code label} of the paragraph that starts with it, plain, without its final stop. */
    private static Optional<String> paragraph(String markdown, String label) {
        List<String> lines = markdown.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(label)) {
                StringBuilder b = new StringBuilder(lines.get(i).strip().substring(label.length()));
                for (int j = i + 1; j < lines.size() && !lines.get(j).isBlank(); j++) {
                    b.append(' ').append(lines.get(j).strip());
                }
                String text = b.toString().replaceAll("[*`]", "").strip().replaceAll("\\.$", "");
                return text.isEmpty() ? Optional.empty() : Optional.of(text);
            }
        }
        return Optional.empty();
    }

    /** Reads a narrative file; empty when it is missing or unreadable. */
    public static Optional<String> read(Path file) {
        try {
            return Files.isRegularFile(file) ? Optional.of(Files.readString(file, StandardCharsets.UTF_8))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
