package org.taf.runner.run;

import org.taf.runner.build.BuildException;
import org.taf.runner.build.BuildSpec;
import org.taf.runner.config.Side;
import org.taf.runner.git.CommitInfo;
import org.taf.runner.results.SideRecord;
import org.taf.runner.results.SideRecord.BuildRecord;
import org.taf.runner.results.SideRecord.CommitRecord;
import org.taf.runner.stats.Role;

/** Provenance records of a side at each stage of its preparation. */
final class SideRecords {
    private SideRecords() {}

    static SideRecord unbuilt(Role role, Side side, CommitInfo commit) {
        return record(role, side, commit, commit.sha(), null);
    }

    static SideRecord built(Role role, PreparedSide p, BuildSpec spec) {
        var b = p.build();
        return record(role, p.side(), p.commit(), p.tree().id(), new BuildRecord(b.cacheKey(), b.cached(),
                b.took().toMillis() / 1000.0, spec.command(), b.log().toString(), null));
    }

    static SideRecord failed(Role role, Side side, CommitInfo commit, BuildSpec spec, BuildException e) {
        return record(role, side, commit, commit.sha(), new BuildRecord(null, false, 0, spec.command(),
                e.log().map(Object::toString).orElse(null), e.getMessage()));
    }

    private static SideRecord record(Role role, Side side, CommitInfo c, String treeId, BuildRecord build) {
        return new SideRecord(role, side.revision(), commit(c), treeId,
                side.patchDiff().map(Object::toString).orElse(null), side.engine().asMap(), build);
    }

    static CommitRecord commit(CommitInfo c) {
        return new CommitRecord(c.sha(), c.shortSha(), c.subject(), c.authorName(), c.authorEmail(), c.authorDate());
    }
}
