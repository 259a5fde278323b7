package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The files of one agent's workspace: '/'-separated paths relative to its root, and their text. It
 * persists across stages and steps on the same agent, as a Jenkins workspace does (a checkout adds
 * files and leaves the others), so a pipeline must clean what it must not reuse.
 */
final class Workspace {
    private final SortedMap<String, String> files = new TreeMap<>();

    /** {@code relative} resolved against the directory {@code cwd} ("" is the root). */
    static String resolve(String cwd, String relative) {
        if (relative.startsWith("/")) {
            throw new IllegalArgumentException(
                    "absolute path '" + relative + "': the simulation has workspace paths only");
        }
        List<String> parts = new ArrayList<>();
        for (String s : (cwd + "/" + relative).split("/")) {
            if (s.isEmpty() || s.equals(".")) {
                continue;
            }
            if (s.equals("..")) {
                if (parts.isEmpty()) {
                    throw new IllegalArgumentException("'" + relative + "' leaves the workspace (from '" + cwd + "')");
                }
                parts.remove(parts.size() - 1);
            } else {
                parts.add(s);
            }
        }
        return String.join("/", parts);
    }

    void write(String path, String text) {
        files.put(resolve("", path), text);
    }

    String read(String path) {
        return files.get(resolve("", path));
    }

    /** A file, or a directory holding at least one file. */
    boolean exists(String path) {
        String p = resolve("", path);
        return files.containsKey(p) || files.keySet().stream().anyMatch(f -> f.startsWith(p + "/"));
    }

    /** Paths below {@code dir} matching {@code includes} and not {@code excludes}, relative to {@code dir}, sorted. */
    List<String> find(String dir, String includes, String excludes) {
        Predicate<String> in = AntGlob.anyOf(includes);
        Predicate<String> out = excludes == null ? p -> false : AntGlob.anyOf(excludes);
        List<String> found = new ArrayList<>();
        for (String f : files.keySet()) {
            String rel = relativeTo(dir, f);
            if (rel != null && in.test(rel) && !out.test(rel)) {
                found.add(rel);
            }
        }
        return found;
    }

    /** Deletes {@code dir} and everything below it (the root: every file). */
    void delete(String dir) {
        files.keySet().removeIf(f -> relativeTo(dir, f) != null);
    }

    Map<String, String> files() {
        return Collections.unmodifiableSortedMap(files);
    }

    private static String relativeTo(String dir, String file) {
        if (dir.isEmpty()) {
            return file;
        }
        return file.startsWith(dir + "/") ? file.substring(dir.length() + 1) : null;
    }
}
