package org.taf.runner.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessCountersTest {

    @Test
    void aThreadThatBlocksAndWakesCountsItsVoluntarySwitches() throws Exception {
        long pid = ProcessHandle.current().pid();
        SynchronousQueue<Integer> q = new SynchronousQueue<>();
        CountDownLatch ready = new CountDownLatch(1);
        Thread consumer = new Thread(() -> {
            ready.countDown();
            try {
                for (int i = 0; i < 500; i++) {
                    q.take();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "switching");
        consumer.start();
        ready.await();
        ProcessCounters before = ProcessCounters.of(pid);
        for (int i = 0; i < 500; i++) {
            q.put(i);
            Thread.sleep(0, 200_000);
        }
        consumer.join();
        ProcessCounters after = ProcessCounters.of(pid);
        ProcessCounters.Delta d = after.delta(before);
        // Each hand-over blocks one side: hundreds of voluntary switches, counted from this JVM's threads.
        assertThat(d.voluntarySwitches()).isGreaterThan(300);
        assertThat(d.threads()).isGreaterThan(1);
        assertThat(d.threadsLost()).as("the consumer exited between the snapshots").isEqualTo(1);
    }

    @Test
    void aQuietProcessTreeHardlySwitches() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            // start() may return before the child has exec'd and loaded sleep (CI once saw 26 faults in the
            // window): count only once it is sleep, asleep.
            awaitAsleep(sleeper.pid(), "sleep");
            ProcessCounters before = ProcessCounters.of(sleeper.pid());
            Thread.sleep(300);
            ProcessCounters.Delta d = ProcessCounters.of(sleeper.pid()).delta(before);
            assertThat(d.voluntarySwitches() + d.involuntarySwitches()).isLessThanOrEqualTo(2);
            assertThat(d.minorFaults()).isZero();
            assertThat(d.threads()).isEqualTo(1);
        } finally {
            sleeper.destroyForcibly().waitFor();
        }
    }

    private static void awaitAsleep(long pid, String comm) throws Exception {
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (System.nanoTime() < deadline) {
            String s = Files.readString(stat);
            // "pid (comm) state ...", asleep twice 100 ms apart: a loader between two faults can look asleep once
            if (s.contains("(" + comm + ") S")) {
                Thread.sleep(100);
                if (Files.readString(stat).contains("(" + comm + ") S")) {
                    return;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError(pid + " never settled as " + comm + ": " + Files.readString(stat));
    }

    @Test
    void sumsTasksOfEveryProcessAndCountsAReusedThreadIdAsNew(@TempDir Path proc) throws IOException {
        process(proc, 10, 100, List.of(task(10, 5, 1), task(11, 20, 2)));
        process(proc, 12, 7, List.of(task(12, 1, 1)));
        ProcessCounters before = ProcessCounters.of(proc, List.of(10L, 12L, 99L));
        assertThat(before.minorFaults()).isEqualTo(107);
        assertThat(before.threads()).hasSize(3);

        // 11 exited and its id came back smaller; 13 is new; 12 gone.
        Files.walk(proc.resolve("12")).sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        process(proc, 10, 150, List.of(task(10, 9, 1), task(11, 3, 0), task(13, 4, 4)));
        ProcessCounters.Delta d = ProcessCounters.of(proc, List.of(10L, 12L)).delta(before);
        assertThat(d.voluntarySwitches()).isEqualTo(4 + 3 + 4);
        assertThat(d.involuntarySwitches()).isEqualTo(0 + 0 + 4);
        assertThat(d.minorFaults()).as("a process gone lowers the sum: never below 0").isEqualTo(43);
        assertThat(d.threadsLost()).isEqualTo(1);
    }

    @Test
    void aStatusWithoutSwitchLinesIsSkipped(@TempDir Path dir) throws IOException {
        Path status = dir.resolve("status");
        Files.writeString(status, "Name:\tjava\nState:\tS (sleeping)\n");
        assertThat(ProcessCounters.switches(status)).isNull();
        assertThat(ProcessCounters.switches(dir.resolve("missing"))).isNull();
    }

    private record Task(long tid, long vol, long invol) {}

    private static Task task(long tid, long vol, long invol) {
        return new Task(tid, vol, invol);
    }

    private static void process(Path proc, long pid, long minflt, List<Task> tasks) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime ...
        Files.writeString(dir.resolve("stat"), pid + " (java) S 1 " + pid + " " + pid + " 0 -1 0 " + minflt
                + " 0 0 0 10 5 0 0 20 0 2 0 1234 0 0\n");
        for (Task t : tasks) {
            Path task = Files.createDirectories(dir.resolve("task").resolve(Long.toString(t.tid())));
            Files.writeString(task.resolve("status"), "Name:\tjava\nvoluntary_ctxt_switches:\t" + t.vol()
                    + "\nnonvoluntary_ctxt_switches:\t" + t.invol() + "\n");
        }
    }
}
