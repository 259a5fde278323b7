package org.taf.runner.jenkins;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The {@code sh} step. Every script a pipeline may run is registered with what it does: its exit
 * code, what it prints, the files it writes (relative to the directory it runs in), and, when it
 * runs more than once with different effects, what each later run does ({@code then()}). Any other
 * script fails the test with an {@link AssertionError}, which neither the Jenkinsfile's
 * {@code catch (e)} (an Exception) nor the shim catches. Otherwise it behaves as Jenkins's sh: it
 * needs an agent; a non-zero exit fails the step unless {@code returnStatus}; {@code returnStdout}
 * returns the output (and still fails on a non-zero exit); both at once are refused.
 */
final class ShellMock {
    /** What one registered script does when it runs. */
    static final class Expectation {
        final String script;
        int exit;
        String stdout = "";
        final Map<String, String> writes = new LinkedHashMap<>();
        /** What the next run of the same script does; null: this again. */
        Expectation next;

        private Expectation(String script) {
            this.script = script;
        }

        /** The same script run once more (e.g. on another agent) does what the returned expectation is told. */
        Expectation then() {
            next = new Expectation(script);
            return next;
        }

        Expectation exits(int code) {
            exit = code;
            return this;
        }

        Expectation prints(String output) {
            stdout = output;
            return this;
        }

        Expectation writes(String path, String text) {
            writes.put(path, text);
            return this;
        }

        Expectation writes(Map<String, String> files) {
            writes.putAll(files);
            return this;
        }
    }

    private static final Set<String> KEYS = Set.of("script", "returnStatus", "returnStdout", "label", "encoding");
    private final SimulatedJenkins jenkins;
    private final Map<String, Expectation> expected = new LinkedHashMap<>();

    ShellMock(SimulatedJenkins jenkins) {
        this.jenkins = jenkins;
    }

    /** Registers {@code script} (exact text); it exits 0, prints nothing and writes nothing unless told. */
    Expectation on(String script) {
        Expectation e = new Expectation(script);
        expected.put(script, e);
        return e;
    }

    Object sh(Object arg) {
        String script;
        boolean returnStatus = false;
        boolean returnStdout = false;
        if (arg instanceof Map<?, ?> m) {
            Steps.check(m, "sh", Set.of("script"), KEYS);
            script = String.valueOf(m.get("script"));
            returnStatus = Boolean.TRUE.equals(m.get("returnStatus"));
            returnStdout = Boolean.TRUE.equals(m.get("returnStdout"));
        } else {
            script = String.valueOf(arg);
        }
        if (returnStatus && returnStdout) {
            throw new IllegalArgumentException("sh: You may not use both returnStdout and returnStatus");
        }
        Agents.Node node = jenkins.node("sh");
        jenkins.shellCalls.add(new SimulatedJenkins.ShellCall(script, jenkins.frame()));
        Expectation e = expected.get(script);
        if (e == null) {
            throw new AssertionError("unexpected sh on " + node.name + " (stage " + jenkins.frame().stage() + "):\n"
                    + script + "\n--- registered scripts:\n" + String.join("\n---\n", expected.keySet()));
        }
        if (e.next != null) {
            expected.put(script, e.next);
        }
        jenkins.log("+ " + script);
        e.writes.forEach((path, text) -> node.workspace.write(Workspace.resolve(jenkins.frame().cwd(), path), text));
        if (!returnStdout && !e.stdout.isEmpty()) {
            jenkins.log(e.stdout);
        }
        if (returnStatus) {
            return e.exit;
        }
        if (e.exit != 0) {
            throw new AbortException("script returned exit code " + e.exit);
        }
        return returnStdout ? e.stdout : null;
    }
}
