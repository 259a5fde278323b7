package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The controller's agents: each with labels, a number of executors and a workspace. Allocation
 * takes a free executor on an agent with the label, spreading work over the agents that carry it
 * (round robin), as Jenkins's queue does when several are idle. The simulation runs parallel
 * branches one after another, so an allocation that finds every matching executor taken can never
 * be satisfied: that is reported as the deadlock it would be.
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

        boolean carries(String label) {
            return label == null || label.isEmpty() || label.equals(name) || labels.contains(label);
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

    /** Takes an executor on an agent carrying {@code label} (null or "": any agent). */
    Node allocate(String label) {
        List<Node> matching = nodes.values().stream().filter(n -> n.carries(label)).toList();
        if (matching.isEmpty()) {
            throw new AssertionError("no agent carries the label '" + label
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
        throw new AssertionError("every executor of the agents labelled '" + label + "' is held by this same build: "
                + "in Jenkins it would wait for itself forever");
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
