package org.taf.runner.report.site;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.taf.runner.report.Markdown;
import org.taf.runner.report.ReportException;
import org.taf.runner.report.SitePaths;

/**
 * Pages of the site that are not posts: studies and notes written in Markdown (the power study of
 * docs/benchmarks is one). {@code taf publish --page FILE} keeps a copy of the source under
 * {@code data/pages/<name>.md}, so every later publish (and every {@code taf run}) renders it again and the
 * index keeps linking it.
 * A page's title is its first {@code # } heading; the rest is rendered as the narrative is (CommonMark with
 * pipe tables). An image the page shows from a file beside it ({@code ![a chart](study.svg)}) is kept and
 * published beside it too ({@code data/pages/study.svg}, {@code pages/study.svg}), so the link resolves on the
 * site as in the repository.
 */
final class SitePages {
    private static final Pattern TITLE = Pattern.compile("^#\\s+(.+?)\\s*#*\\s*$");
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
    private static final Pattern IMAGE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*\\.(svg|png|jpg)");

    /**
     * One page, ready to render.
     *
     * @param name  file name without {@code .md}: the page is {@code pages/<name>.html}
     * @param title its first {@code # } heading
     * @param body  the Markdown after that heading
     * @param origin the file it was read from, for errors
     */
    record Page(String name, String title, String body, String origin) {}

    private SitePages() {}

    /**
     * The glossary: what a post's words mean, plain words first. Its source is the runner's own
     * ({@code templates/glossary.md} in the repository), so every site has it and every page can link it.
     */
    static Page glossary() {
        String source = new String(Templates.resource(GLOSSARY), StandardCharsets.UTF_8);
        return parse(SitePaths.GLOSSARY_NAME, source, GLOSSARY);
    }

    private static final String GLOSSARY = "templates/glossary.md";

    /** Parses a page's source; {@code origin} names the file in errors. */
    static Page parse(String name, String source, String origin) {
        if (!NAME.matcher(name).matches()) {
            throw new ReportException(origin + ": '" + name + "' cannot name a page of the site (letters, digits,"
                    + " '.', '_' and '-' only, before .md)");
        }
        if (name.equals(SitePaths.GLOSSARY_NAME) && !origin.equals(GLOSSARY)) {
            throw new ReportException(origin + ": 'glossary' is the site's own page; name this page otherwise");
        }
        List<String> lines = source.replace("\r\n", "\n").lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            Matcher m = TITLE.matcher(lines.get(i));
            if (!m.matches()) {
                break;
            }
            return new Page(name, m.group(1), String.join("\n", lines.subList(i + 1, lines.size())) + "\n", origin);
        }
        throw new ReportException(origin + ": a page must start with a '# title' line");
    }

    /**
     * The files beside the page that it shows as images; an image with a URL scheme ({@code https:}) is
     * not the page's own. Any other image, such as {@code ../chart.svg}, is refused: it would not resolve on
     * the site.
     */
    static List<String> images(Page page) {
        List<String> own = new ArrayList<>();
        for (String image : Markdown.images(page.body())) {
            if (image.contains(":")) {
                continue;
            }
            if (!IMAGE.matcher(image).matches()) {
                throw new ReportException(page.origin() + ": image '" + image + "': a page's own image is a .svg,"
                        + " .png or .jpg file beside it");
            }
            own.add(image);
        }
        return own;
    }

    /** Reads a page's source file: UTF-8, with a {@code # title} first. */
    static Page read(Path file) {
        String fileName = file.getFileName().toString();
        if (!fileName.endsWith(".md")) {
            throw new ReportException(file + ": a page is a Markdown file ending in .md");
        }
        String source;
        try {
            // A strict decoder: a file in another encoding is refused rather than published garbled.
            source = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes(file))).toString();
        } catch (CharacterCodingException e) {
            throw new ReportException(file + ": not UTF-8 text");
        }
        return parse(fileName.substring(0, fileName.length() - 3), source, file.toString());
    }

    /** The bytes of a page's file (its source, or an image it shows); an error naming it when it cannot be read. */
    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ReportException(file + ": no such file", e);
        } catch (IOException e) {
            throw new ReportException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Every page kept in the site ({@code data/pages/*.md}), by name. */
    static List<Page> kept(Path siteDir) {
        Path dir = siteDir.resolve(SitePaths.PAGE_SOURCES);
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            List<Page> pages = new ArrayList<>();
            for (Path f : files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted().toList()) {
                pages.add(read(f));
            }
            return pages;
        } catch (IOException e) {
            throw new ReportException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
