package org.taf.runner.jenkins;

import groovy.lang.Binding;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The state of one simulated build: the globals the Jenkinsfile sees ({@code currentBuild},
 * {@code env}, {@code params}, {@code scm}), the agents and their workspaces, the repository a
 * checkout brings, the stack of {@link Frame}s steps run in, and everything observable afterwards
 * (console log, stages, shell calls, locks, stashes, artifacts, JUnit and HTML reports, failures).
 */
final class SimulatedJenkins {
    /** How a stage ended. */
    enum StageStatus { SUCCESS, UNSTABLE, FAILURE, SKIPPED_BY_WHEN, SKIPPED_AFTER_FAILURE }

    /** A stage as it ran; {@code result} is worsened by unstable/catchError/junit inside it. */
    static final class StageRun {
        final String name;
        String node;
        StageStatus status;
        CurrentBuild.Result result = CurrentBuild.Result.SUCCESS;

        StageRun(String name) {
            this.name = name;
        }

        @Override
        public String toString() {
            return name + "=" + status + (node == null ? "" : "@" + node);
        }
    }

    record ShellCall(String script, Frame frame) {
        /** Whether a line of the script starts with {@code command} (a script may wrap it in a few lines). */
        boolean runs(String command) {
            return script.lines().anyMatch(l -> l.startsWith(command));
        }
    }

    record LockUse(String resource, Frame frame) {
    }

    record Stash(String name, String node, Map<String, String> files) {
    }

    record Archive(String pattern, Frame frame, List<String> files) {
    }

    record JunitReport(String patterns, Frame frame, List<String> files, int failures) {
    }

    record HtmlReport(Map<String, Object> target, Frame frame, boolean found) {
        String name() {
            return String.valueOf(target.get("reportName"));
        }

        String dir() {
            return String.valueOf(target.get("reportDir"));
        }
    }

    record ParallelRun(Frame frame, List<String> branches) {
    }

    /** An exception a stage, branch, catchError or post block caught: Jenkins's failure, or a script bug. */
    record Failure(String where, Exception error) {
        boolean isScriptBug() {
            return !(error instanceof AbortException || error instanceof FlowInterruptedException);
        }
    }

    final CurrentBuild build = new CurrentBuild();
    final Map<String, Object> env = new LinkedHashMap<>();
    final Map<String, Object> params = new LinkedHashMap<>();
    /** Parameter values the test starts the build with (checked against the declared parameters). */
    final Map<String, Object> startedWith = new LinkedHashMap<>();
    final Map<String, String> scm = new LinkedHashMap<>(Map.of("$class", "GitSCM"));
    final Agents agents = new Agents();
    /** What a checkout puts in the workspace: path to text. */
    final Map<String, String> repository = new LinkedHashMap<>();

    final List<String> log = new ArrayList<>();
    final Map<String, StageRun> stages = new LinkedHashMap<>();
    final List<ShellCall> shellCalls = new ArrayList<>();
    final List<LockUse> locks = new ArrayList<>();
    final Map<String, Stash> stashes = new LinkedHashMap<>();
    final List<String> unstashed = new ArrayList<>();
    /** The previous build's archived artifacts, which copyArtifacts (lastCompleted) copies from: path to text. */
    final Map<String, String> previousBuildArtifacts = new LinkedHashMap<>();
    /** Every copyArtifacts call: its named arguments. */
    final List<Map<String, Object>> copiedArtifacts = new ArrayList<>();
    /** Archived artifacts: path (relative to where archiveArtifacts ran) to text. */
    final Map<String, String> artifacts = new LinkedHashMap<>();
    final List<Archive> archives = new ArrayList<>();
    final List<JunitReport> junitReports = new ArrayList<>();
    final List<HtmlReport> htmlReports = new ArrayList<>();
    final List<ParallelRun> parallels = new ArrayList<>();
    /** Where each checkout happened. */
    final List<Frame> checkouts = new ArrayList<>();
    final List<Failure> failures = new ArrayList<>();
    /** The declared pipeline, once {@code pipeline {}} was read. */
    Directives.Pipeline pipeline;

    private final Deque<Frame> frames = new ArrayDeque<>(List.of(Frame.top()));

    /** Puts the globals into the script's binding. */
    void bind(Binding binding) {
        binding.setVariable("currentBuild", build);
        binding.setVariable("env", env);
        binding.setVariable("params", params);
        binding.setVariable("scm", scm);
    }

    Frame frame() {
        return frames.peek();
    }

    /** Runs {@code body} in {@code frame}, then returns to the current one. */
    <T> T within(Frame frame, Supplier<T> body) {
        frames.push(frame);
        try {
            return body.get();
        } finally {
            frames.pop();
        }
    }

    /** The agent the current step runs on; a step that needs a workspace outside one is a script bug. */
    Agents.Node node(String step) {
        Agents.Node n = frame().node();
        if (n == null) {
            throw new IllegalStateException(
                    step + " needs a workspace: run it inside a stage with an agent or in node {}"
                            + " (Jenkins: 'Required context class hudson.FilePath is missing')");
        }
        return n;
    }

    /** The stage the current step belongs to, or null outside stages (pipeline post). */
    StageRun stage() {
        return frame().stage() == null ? null : stages.get(frame().stage());
    }

    /** Worsens the build and the current stage (Jenkins: unstable(), catchError, junit failures). */
    void worsen(CurrentBuild.Result result) {
        build.worsen(result);
        StageRun s = stage();
        if (s != null) {
            s.result = result.worst(s.result);
        }
    }

    void log(String line) {
        log.add(line);
    }

    /** Records a caught exception and logs it as Jenkins does. */
    void failed(String where, Exception e) {
        failures.add(new Failure(where, e));
        log("ERROR: " + e.getMessage());
    }

    /** Enters a node: NODE_NAME and WORKSPACE set for the body, restored after. */
    <T> T onNode(Agents.Node n, Supplier<T> body) {
        Object name = env.get("NODE_NAME");
        Object ws = env.get("WORKSPACE");
        env.put("NODE_NAME", n.name);
        env.put("WORKSPACE", "/var/lib/jenkins/workspace/" + n.name);
        try {
            return within(frame().on(n), body);
        } finally {
            restore("NODE_NAME", name);
            restore("WORKSPACE", ws);
        }
    }

    /** The repository's files written into the current directory of the current agent. */
    void checkout() {
        Agents.Node n = node("checkout");
        repository.forEach((path, text) -> n.workspace.write(Workspace.resolve(frame().cwd(), path), text));
        checkouts.add(frame());
    }

    private void restore(String key, Object value) {
        if (value == null) {
            env.remove(key);
        } else {
            env.put(key, value);
        }
    }
}
