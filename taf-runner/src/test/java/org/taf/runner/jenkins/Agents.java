package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The controller's agents: each with labels, a number of executors and a workspace. Allocation
 * takes a free executor on an agent matching the label expression, spreading work over the agents
 * that match (round robin), as Jenkins's queue does when several are idle. The simulation runs
 * parallel branches one after another and nothing else frees an executor, so an allocation that
 * finds no matching agent, or every matching executor taken, can never be satisfied: that is
 * reported as the endless wait it would be ({@link NoFreeAgent}), unless a {@code timeout} step
 * around it ends the wait (see {@link Steps}).
 */
final class Agents {
    /** One agent. */
    static final class Node {
        final String name;
        final Set<String> labels;
        final int executors;
        final Workspace workspace = new Workspace();
        int busy;

        Node(String name, int executors, Set<String> labels) {
            this.name = name;
            this.executors = executors;
            this.labels = labels;
        }

        /**
         * Whether the agent matches a label expression: null or "" (any agent), or terms joined by {@code &&}, each a
         * label or an agent's name (every agent carries its own name), bare or in double quotes, negated by a leading
         * {@code !}. The rest of Jenkins's grammar ({@code ||}, parentheses, {@code ->}) is refused, not guessed.
         */
        boolean carries(String expression) {
            if (expression == null || expression.isBlank()) {
                return true;
            }
            if (expression.contains("||") || expression.contains("(") || expression.contains("->")) {
                throw new IllegalArgumentException("label expression '" + expression
                        + "': the simulation knows && and ! only");
            }
            for (String term : expression.split("&&")) {
                String t = term.strip();
                boolean negated = t.startsWith("!");
                String atom = unquoted((negated ? t.substring(1) : t).strip());
                if (atom.isEmpty()) {
                    throw new IllegalArgumentException("label expression '" + expression + "' has an empty term");
                }
                if ((atom.equals(name) || labels.contains(atom)) == negated) {
                    return false;
                }
            }
            return true;
        }

        private static String unquoted(String atom) {
            if (atom.length() >= 2 && atom.startsWith("\"") && atom.endsWith("\"")) {
                return atom.substring(1, atom.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
            }
            return atom;
        }
    }

    /** An allocation that would wait forever here: no agent matches, or every matching executor is taken. */
    static final class NoFreeAgent extends AssertionError {
        private static final long serialVersionUID = 1L;

        NoFreeAgent(String message) {
            super(message);
        }
    }

    /** One executor taken: the label asked for (null: any agent) and the agent that got it. */
    record Allocation(String label, String node) {
    }

    private final Map<String, Node> nodes = new LinkedHashMap<>();
    private final Map<String, Integer> nextIndex = new LinkedHashMap<>();
    private final List<Allocation> allocations = new ArrayList<>();

    /** Adds (or replaces) an agent. */
    Node add(String name, int executors, String... labels) {
        Node n = new Node(name, executors, Set.of(labels));
        nodes.put(name, n);
        return n;
    }

    void remove(String name) {
        get(name);
        nodes.remove(name);
    }

    Node get(String name) {
        Node n = nodes.get(name);
        if (n == null) {
            throw new IllegalArgumentException("no agent named " + name + " (agents: " + nodes.keySet() + ")");
        }
        return n;
    }

    /** The names of the agents matching the label expression {@code label}, in the order they were added. */
    List<String> names(String label) {
        return nodes.values().stream().filter(n -> n.carries(label)).map(n -> n.name).toList();
    }

    /** Takes an executor on an agent matching the label expression {@code label} (null or "": any agent). */
    Node allocate(String label) {
        List<Node> matching = nodes.values().stream().filter(n -> n.carries(label)).toList();
        if (matching.isEmpty()) {
            throw new NoFreeAgent("no agent carries the label '" + label
                    + "': the build would wait forever (agents: " + nodes.keySet() + ")");
        }
        int start = nextIndex.getOrDefault(String.valueOf(label), 0);
        for (int i = 0; i < matching.size(); i++) {
            Node n = matching.get((start + i) % matching.size());
            if (n.busy < n.executors) {
                n.busy++;
                nextIndex.put(String.valueOf(label), (start + i + 1) % matching.size());
                allocations.add(new Allocation(label, n.name));
                return n;
            }
        }
        throw new NoFreeAgent("every executor of the agents labelled '" + label + "' is taken (by this same build, or"
                + " by another the test put there): nothing in the simulation frees one, so it would wait forever");
    }

    void release(Node n) {
        if (n.busy <= 0) {
            throw new IllegalStateException("release of an idle executor on " + n.name);
        }
        n.busy--;
    }

    /** Executors in the order they were taken. */
    List<Allocation> allocations() {
        return List.copyOf(allocations);
    }
}
