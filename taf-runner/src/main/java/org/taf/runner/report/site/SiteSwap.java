package org.taf.runner.report.site;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;
import org.taf.runner.report.ReportException;
import org.taf.runner.sys.HostLock;
import org.taf.runner.sys.SysException;

/**
 * Builds a new site beside the old one and swaps it in, so that a kill at any moment leaves the old site or
 * the new one, whole, every link resolving; and a full disk leaves the old one. The site stays a plain
 * directory (the repository tracks {@code site/}), so the swap is two renames:
 * <ol>
 * <li>{@code .site.staging}: every file of the site hard-linked (copied where links are refused), then the
 *     publish's pages written over their links (each a new file: the old site's stay as they were);</li>
 * <li>renamed {@code .site.next}: the new site, complete;</li>
 * <li>{@code site} renamed {@code .site.old}, then {@code .site.next} renamed {@code site};</li>
 * <li>{@code .site.old} deleted.</li>
 * </ol>
 * Between the two renames of step 3 there is no {@code site} for an instant; a publish killed there is
 * finished by the next one's {@link #recover}, which any publish runs first: {@code .site.next} complete is
 * renamed in. A leftover staging directory or old site is deleted. Publishes of one site take turns on
 * {@code .site.lock} (an OS lock, {@link HostLock}), in this process too.
 */
final class SiteSwap {
    /** The moments of a publish, for tests that kill it at each one. */
    enum Step {
        /** The old site is linked into the staging directory; no page is written yet. */
        LINKED,
        /** Every page is written into the staging directory. */
        STAGED,
        /** The staging directory is the complete {@code .site.next}. */
        NEXT,
        /** The old site is {@code .site.old}; there is no {@code site}. */
        OLD_AWAY,
        /** The new site is {@code site}; the old one is not deleted yet. */
        SWAPPED
    }

    private final Path site;
    private final Consumer<Step> observer;

    private SiteSwap(Path site, Consumer<Step> observer) {
        this.site = site.toAbsolutePath().normalize();
        this.observer = observer;
    }

    static SiteSwap of(Path site) {
        return new SiteSwap(site, s -> { });
    }

    /** This swap telling {@code observer} each {@link Step} as it is reached (a test halts the JVM there). */
    SiteSwap observing(Consumer<Step> observer) {
        return new SiteSwap(site, observer);
    }

    Path staging() {
        return sibling("staging");
    }

    Path next() {
        return sibling("next");
    }

    Path old() {
        return sibling("old");
    }

    /**
     * Takes the site's lock, recovers what a killed publish left, and builds the new site with {@code build}
     * (given the staging directory, a copy of the current site) and swaps it in. When {@code build} throws,
     * the staging directory is deleted and the old site kept.
     */
    <T> T replace(Function<Path, T> build) {
        return locked(() -> {
            Path staging = staging();
            T result;
            try {
                linkTree(site, staging);
                observer.accept(Step.LINKED);
                result = build.apply(staging);
                observer.accept(Step.STAGED);
            } catch (SysException e) { // a full disk, say: one error, naming the site kept and the file
                deleteQuietly(staging, e);
                throw new ReportException("cannot publish site " + site + ", kept as it was: " + e.getMessage(), e);
            } catch (RuntimeException | Error e) {
                deleteQuietly(staging, e);
                throw e;
            }
            move(staging, next());
            observer.accept(Step.NEXT);
            boolean hadSite = Files.exists(site);
            if (hadSite) {
                move(site, old());
                observer.accept(Step.OLD_AWAY);
            }
            move(next(), site);
            observer.accept(Step.SWAPPED);
            delete(old());
            return result;
        });
    }

    /** Runs {@code action} holding the site's lock, after recovering what a killed publish left. */
    <T> T locked(java.util.function.Supplier<T> action) {
        synchronized (SiteSwap.class) { // the OS lock is the process's: threads of one take turns here
            Path lock = sibling("lock");
            try (HostLock.Held held = HostLock.acquire(lock, "the site's lock",
                    HostLock.Holder.self("taf publishing", site.toString()), true,
                    who -> System.err.println("taf: waiting for the site's lock " + lock + ": held by " + who))) {
                recover();
                return action.get();
            }
        }
    }

    /**
     * Finishes or undoes what a killed publish left: a complete {@code .site.next} with no {@code site} is the
     * new site (killed between the renames), renamed in; with a {@code site}, the old one is whole and the
     * leftovers go. Call with the lock held.
     */
    void recover() {
        if (!Files.exists(site)) {
            if (Files.isDirectory(next())) {
                move(next(), site);
            } else if (Files.isDirectory(old())) {
                move(old(), site);
            }
        }
        delete(next());
        delete(old());
        delete(staging());
    }

    private Path sibling(String what) {
        return site.resolveSibling("." + site.getFileName() + "." + what);
    }

    /** {@code to} as a tree of hard links to the files of {@code from} (copies where a link is refused). */
    private static void linkTree(Path from, Path to) {
        try {
            Files.createDirectories(to);
            if (!Files.isDirectory(from)) {
                return; // a new site
            }
            List<Path> all;
            try (Stream<Path> walk = Files.walk(from)) {
                all = walk.toList();
            }
            for (Path p : all) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p)) {
                    try {
                        Files.createLink(target, p);
                    } catch (UnsupportedOperationException | IOException e) {
                        Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                }
            }
        } catch (IOException e) {
            throw new ReportException("cannot stage the new site in " + to + " beside " + from + ": " + e, e);
        }
    }

    private static void move(Path from, Path to) {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new ReportException("cannot rename " + from + " to " + to + " atomically: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new ReportException("cannot rename " + from + " to " + to + ": " + e, e);
        }
    }

    private static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new SysException("cannot delete " + dir + " (a publish's leftover): " + e, e);
        }
    }

    private static void deleteQuietly(Path dir, Throwable cause) {
        try {
            delete(dir);
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }
}
