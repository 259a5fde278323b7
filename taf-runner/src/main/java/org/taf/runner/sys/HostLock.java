package org.taf.runner.sys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One process of the host at a time: an exclusive OS file lock ({@code fcntl} through
 * {@link FileChannel#lock()}) on a lock file, so the kernel releases it when the holder dies, however it
 * dies: no stale lock is possible. The holder writes who it is into the file (pid, command, definition,
 * start), so that one who waits can say whom it waits for. Taken again by the process that holds it, it
 * is counted and released with the last {@link Held#close()} ({@code taf bisect}'s steps are runs of
 * their own, inside the bisect's hold).
 */
public final class HostLock {
    /** The locks this process holds, by file: an OS lock is the process's, so a second take only counts. */
    private static final Map<Path, Held> HELD = new HashMap<>();

    private HostLock() {}

    /**
     * Who holds the lock, as written into its file.
     *
     * @param pid        the holder's process id
     * @param command    what it runs, e.g. {@code taf run}
     * @param definition its test definition, as given on its command line
     * @param since      when it took the lock
     */
    public record Holder(long pid, String command, String definition, Instant since) {
        /** This process, running {@code command} on {@code definition}, from now. */
        public static Holder self(String command, String definition) {
            // to the second: a person reads it
            return new Holder(ProcessHandle.current().pid(), command, definition,
                    Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        }

        /** For messages: {@code pid 1234 (taf run properties/quick.properties, since 2026-12-04T17:19:13Z)}. */
        public String describe() {
            return "pid " + pid + " (" + command + " " + definition + ", since " + since + ")";
        }

        String text() {
            return "pid=" + pid + "\ncommand=" + command + "\ndefinition=" + definition + "\nsince=" + since + "\n";
        }

        /** The holder a lock file names, or null when it names none (being written, or from no TAF). */
        static Holder parse(String text) {
            Map<String, String> v = new LinkedHashMap<>();
            text.lines().forEach(l -> {
                int eq = l.indexOf('=');
                if (eq > 0) {
                    v.put(l.substring(0, eq), l.substring(eq + 1));
                }
            });
            try {
                return new Holder(Long.parseLong(v.get("pid")), v.getOrDefault("command", "?"),
                        v.getOrDefault("definition", "?"), Instant.parse(v.get("since")));
            } catch (RuntimeException e) {
                return null;
            }
        }
    }

    /** A hold of the lock; {@link #close()} releases it (the OS does too when the process ends). */
    public static final class Held implements AutoCloseable {
        private final Path file;
        private final FileChannel channel;
        private final FileLock lock;
        private int count = 1;

        private Held(Path file, FileChannel channel, FileLock lock) {
            this.file = file;
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() {
            synchronized (HELD) {
                if (--count > 0) {
                    return;
                }
                HELD.remove(file);
            }
            try {
                channel.truncate(0); // a later reader sees no holder rather than a gone one
                lock.release();
            } catch (IOException e) {
                // closing the channel below releases it all the same
            } finally {
                try {
                    channel.close();
                } catch (IOException ignored) {
                    // the process's locks on the file are gone with its descriptor
                }
            }
        }
    }

    /** The lock is held by another process and the caller would not wait. */
    public static final class Busy extends SysException {
        private static final long serialVersionUID = 1L;
        private final transient Holder holder;

        public Busy(String message, Holder holder) {
            super(message);
            this.holder = holder;
        }

        /** Who holds it, or null when its file did not say. */
        public Holder holder() {
            return holder;
        }
    }

    /**
     * Takes the lock on {@code file} (created, with its directory, when missing) for {@code me}.
     *
     * @param what    the lock in messages, e.g. {@code the measuring lock}
     * @param wait    whether to wait for a holder to let go; false: {@link Busy} at once
     * @param waiting told once, before waiting, who holds the lock (its {@link Holder#describe()}, or
     *                "another process" when the file names none)
     * @throws Busy        when another process holds it and {@code wait} is false, naming the holder
     * @throws SysException when the file cannot be opened or locked, naming it
     */
    public static Held acquire(Path file, String what, Holder me, boolean wait, Consumer<String> waiting) {
        Path key = file.toAbsolutePath().normalize();
        synchronized (HELD) {
            Held mine = HELD.get(key);
            if (mine != null) {
                mine.count++;
                return mine;
            }
            FileChannel ch = null;
            try {
                Files.createDirectories(key.getParent());
                ch = FileChannel.open(key, StandardOpenOption.CREATE, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                FileLock lock = ch.tryLock();
                if (lock == null) {
                    String who = describeHolder(key);
                    if (!wait) {
                        throw new Busy(what + " " + key + " is held by " + who, holderOf(key));
                    }
                    waiting.accept(who);
                    lock = ch.lock(); // blocks; the kernel grants it when the holder lets go or dies
                }
                writeHolder(ch, me);
                Held held = new Held(key, ch, lock);
                HELD.put(key, held);
                return held;
            } catch (IOException e) {
                close(ch);
                throw new SysException("cannot take " + what + " " + key + ": " + e, e);
            } catch (RuntimeException e) {
                close(ch);
                throw e;
            }
        }
    }

    /**
     * Writes who holds the lock into its file. Only for messages: on a full disk the lock is held all the same,
     * and a waiter says it waits for a process its file does not name.
     */
    private static void writeHolder(FileChannel ch, Holder me) {
        try {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(me.text().getBytes(StandardCharsets.UTF_8)), 0);
            ch.force(false);
        } catch (IOException e) {
            // held, unnamed
        }
    }

    /** Whether this process holds the lock on {@code file}. */
    public static boolean heldHere(Path file) {
        synchronized (HELD) {
            return HELD.containsKey(file.toAbsolutePath().normalize());
        }
    }

    /**
     * The holder as its file says. The holder writes it just after it locks: a file read empty is read
     * again for up to a second before it is called unknown.
     */
    private static String describeHolder(Path file) {
        Holder h = holderOf(file);
        for (int i = 0; h == null && i < 20; i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            h = holderOf(file);
        }
        return h == null ? "another process (its lock file names none)" : h.describe();
    }

    private static Holder holderOf(Path file) {
        try {
            return Holder.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            return null;
        }
    }

    private static void close(FileChannel ch) {
        if (ch != null) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // the error being reported is the first one
            }
        }
    }
}
