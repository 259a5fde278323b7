package org.taf.runner.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Kills a process with everything it started. Java can only signal single processes, and a child whose
 * parent dies is re-parented and drops out of {@link ProcessHandle#descendants()}; so the tree is listed
 * first, then every process group led by one of its members (the build runs under {@code setsid}, so the
 * build's shell leads its own group) is killed with one {@code kill -KILL -- -pgid}, which also catches a
 * child forked after the listing, and finally each listed process is killed on its own.
 */
final class ProcessTree {
    private static final Duration GRACE = Duration.ofSeconds(10);

    private ProcessTree() {}

    /** SIGKILLs {@code root} and its descendants and waits (bounded) until they are gone. */
    static void kill(ProcessHandle root) {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(root);
        root.descendants().forEach(tree::add);
        long ownGroup = processGroup(ProcessHandle.current().pid());
        Set<Long> groups = new LinkedHashSet<>();
        for (ProcessHandle p : tree) {
            long group = processGroup(p.pid());
            if (group == p.pid() && group != ownGroup) {
                groups.add(group);
            }
        }
        groups.forEach(ProcessTree::killGroup);
        tree.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (ProcessHandle p : tree) {
            while (!isGone(p) && System.nanoTime() < deadline) {
                try {
                    Thread.sleep(10); // polling: a grandchild's exit cannot be waited for
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Dead, or dead and not yet reaped (a zombie: it holds no resources and runs nothing). */
    static boolean isGone(ProcessHandle p) {
        if (!p.isAlive()) {
            return true;
        }
        String stat = stat(p.pid());
        return stat == null || stateOf(stat) == 'Z' || stateOf(stat) == 'X';
    }

    /** The process group id from {@code /proc/<pid>/stat}, or -1 if the process is gone. */
    static long processGroup(long pid) {
        String stat = stat(pid);
        if (stat == null) {
            return -1;
        }
        // Fields after the command name (which may contain spaces): state ppid pgrp ...
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[2]);
    }

    private static char stateOf(String stat) {
        return stat.charAt(stat.lastIndexOf(')') + 2);
    }

    private static String stat(long pid) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            return null;
        }
    }

    private static void killGroup(long pgid) {
        try {
            Process kill = new ProcessBuilder("kill", "-KILL", "--", "-" + pgid)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            kill.waitFor(5, TimeUnit.SECONDS);
        } catch (IOException e) {
            // No kill binary: the per-process kills below still run.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
