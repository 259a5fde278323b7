package org.taf.runner.run;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.taf.runner.build.BuildException;
import org.taf.runner.build.BuildResult;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.build.Builder;
import org.taf.runner.config.Comparison;
import org.taf.runner.config.Keys;
import org.taf.runner.config.ResolvedValue;
import org.taf.runner.config.Side;
import org.taf.runner.config.TestDefinition;
import org.taf.runner.git.CheckoutException;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.MaterializedTree;
import org.taf.runner.git.Repo;
import org.taf.runner.git.TreeCache;
import org.taf.runner.stats.Role;

/**
 * Resolves, materializes and builds the sides of a run, each distinct tree once: sides that differ
 * only in engine settings share a build. Remembers a failed build so the results can show it.
 */
final class SidePreparer {
    private final Repo repo;
    private final TreeCache trees;
    private final Builder builder;
    private final BuildSpec spec;
    private final PrintStream log;
    private final Map<String, PreparedSide> prepared = new HashMap<>();

    SidePreparer(Repo repo, TreeCache trees, Builder builder, BuildSpec spec, PrintStream log) {
        this.repo = repo;
        this.trees = trees;
        this.builder = builder;
        this.spec = spec;
        this.log = log;
    }

    /** The commit a side's revision names (the checkout stage's errors name the revision). */
    CommitInfo resolve(Side side) {
        return repo.resolve(side.revision());
    }

    /**
     * The commit of one side of comparison {@code comparison}.
     *
     * @throws CheckoutException naming the side, the revision, the key that set it and where
     */
    static CommitInfo resolve(Repo repo, TestDefinition def, int comparison, Role role) {
        Comparison cmp = def.comparisons().get(comparison);
        Side side = role == Role.PARENT ? cmp.parent() : cmp.patch();
        try {
            return repo.resolve(side.revision());
        } catch (CheckoutException e) {
            throw new CheckoutException(role.label() + " of comparison " + cmp.name() + " (key "
                    + revisionKey(def, cmp, role) + "): " + e.getMessage(), e);
        }
    }

    /**
     * The key that set a side's revision, and where: {@code patch (quick.properties:12)},
     * {@code comparison.fix.revision (-D)}, {@code parent (default)}.
     */
    static String revisionKey(TestDefinition def, Comparison cmp, Role role) {
        Side side = role == Role.PARENT ? cmp.parent() : cmp.patch();
        // A patch given as a diff applies on the parent's revision.
        String own = side.patchDiff().isPresent() ? Role.PARENT.label() : role.label();
        List<String> candidates = new ArrayList<>();
        for (String name : def.config().get(Keys.COMPARISONS)) {
            if (cmp.name().equals(name) || cmp.name().startsWith(name + "-")) { // a sweep's steps: <name>-<value>
                candidates.add("comparison." + name + "." + own);
                candidates.add("comparison." + name + ".revision");
            }
        }
        candidates.add(own);
        for (String key : candidates) {
            Optional<ResolvedValue> v = def.config().find(key);
            if (v.isPresent() && v.get().value().strip().equals(side.revision().strip())) {
                return key + ", " + v.get().origin().where();
            }
        }
        return own;
    }

    /**
     * The side ready to measure.
     *
     * @throws BuildException naming the commit and showing the build log's tail
     */
    PreparedSide prepare(Side side) {
        String key = side.revision() + "|" + side.patchDiff().map(Object::toString).orElse("");
        PreparedSide known = prepared.get(key);
        if (known != null) {
            return new PreparedSide(side, known.commit(), known.tree(), known.build());
        }
        CommitInfo commit = resolve(side);
        MaterializedTree tree = side.patchDiff().isPresent()
                ? trees.materializeWithPatch(commit, side.patchDiff().get())
                : trees.materialize(commit);
        log.printf("taf: %-28s tree %s%s%n", side.describe(), tree.label(), tree.cached() ? " (cached)" : "");
        BuildResult build = builder.build(tree, spec);
        log.printf("taf: %-28s build %s%n", side.describe(),
                build.cached() ? "cached" : "done in " + build.took().toSeconds() + "s");
        PreparedSide p = new PreparedSide(side, commit, tree, build);
        prepared.put(key, p);
        return p;
    }
}
