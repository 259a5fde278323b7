package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a step runs: stage, parallel branch, agent and directory, and the locks and timeouts
 * around it. Immutable; a block step ({@code node}, {@code dir}, {@code lock}, {@code timeout},
 * a parallel branch, a stage) runs its body in a changed copy.
 *
 * @param locks    resources held, outermost first
 * @param timeouts active timeouts as {@code "<time> <unit>"}, outermost first
 */
record Frame(String stage, String branch, Agents.Node node, String cwd, List<String> locks, List<String> timeouts) {
    static Frame top() {
        return new Frame(null, null, null, "", List.of(), List.of());
    }

    Frame inStage(String name) {
        return new Frame(name, branch, node, cwd, locks, timeouts);
    }

    Frame inBranch(String name) {
        return new Frame(stage, name, node, cwd, locks, timeouts);
    }

    /** On an agent, at its workspace root. */
    Frame on(Agents.Node n) {
        return new Frame(stage, branch, n, "", locks, timeouts);
    }

    Frame in(String dir) {
        return new Frame(stage, branch, node, Workspace.resolve(cwd, dir), locks, timeouts);
    }

    Frame holding(String resource) {
        return new Frame(stage, branch, node, cwd, plus(locks, resource), timeouts);
    }

    Frame timed(String timeout) {
        return new Frame(stage, branch, node, cwd, locks, plus(timeouts, timeout));
    }

    String nodeName() {
        return node == null ? null : node.name;
    }

    private static List<String> plus(List<String> list, String item) {
        List<String> copy = new ArrayList<>(list);
        copy.add(item);
        return List.copyOf(copy);
    }
}
