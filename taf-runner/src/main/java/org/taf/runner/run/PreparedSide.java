package org.taf.runner.run;

import org.taf.runner.build.BuildResult;
import org.taf.runner.config.Side;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.git.MaterializedTree;

/**
 * A side ready to measure: its commit resolved, its tree materialized and its engine built.
 *
 * @param side   the side as defined
 * @param commit the commit its revision resolved to
 * @param tree   the materialized tree (the commit, or the commit plus the diff)
 * @param build  the built engine
 */
public record PreparedSide(Side side, CommitInfo commit, MaterializedTree tree, BuildResult build) {
}
