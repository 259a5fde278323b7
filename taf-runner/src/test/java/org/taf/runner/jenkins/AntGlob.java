package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Ant-style file patterns as Jenkins steps take them ({@code archiveArtifacts}, {@code junit},
 * {@code stash}, {@code findFiles}): comma-separated, {@code **} any number of directories,
 * {@code *} and {@code ?} within one path segment, a trailing {@code /} meaning everything below.
 */
final class AntGlob {
    private AntGlob() {
    }

    /** A predicate over '/'-separated relative paths matching any pattern of the comma-separated list. */
    static Predicate<String> anyOf(String patterns) {
        List<Pattern> compiled = new ArrayList<>();
        for (String p : patterns.split(",")) {
            if (!p.isBlank()) {
                compiled.add(compile(p.trim()));
            }
        }
        return path -> compiled.stream().anyMatch(c -> c.matcher(path).matches());
    }

    static Pattern compile(String glob) {
        String g = glob.startsWith("./") ? glob.substring(2) : glob;
        if (g.endsWith("/")) {
            g += "**";
        }
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < g.length(); i++) {
            char c = g.charAt(i);
            if (g.startsWith("**/", i)) {
                re.append("(?:.*/)?");
                i += 2;
            } else if (g.startsWith("**", i)) {
                re.append(".*");
                i += 1;
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(re.toString());
    }
}
