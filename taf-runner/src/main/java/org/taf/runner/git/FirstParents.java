package org.taf.runner.git;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;

/**
 * The commits a bisect searches: those on the bad commit's first-parent chain after the good one,
 * as {@code git log --first-parent good..bad} lists them, oldest first. The first-parent chain is the
 * line a branch's history was made on (merges as one step each), so every candidate is a state the
 * branch was in.
 */
public final class FirstParents {
    private FirstParents() {}

    /**
     * The commits after {@code good} up to {@code bad} (inclusive) on {@code bad}'s first-parent chain,
     * oldest first; never empty.
     *
     * @throws CheckoutException naming both commits when {@code good} is {@code bad}, when it is not an
     *                           ancestor of {@code bad} (and saying so when the two are swapped), or when it is
     *                           an ancestor only through a merged branch, off the first-parent chain
     */
    public static List<CommitInfo> range(Repo repo, CommitInfo good, CommitInfo bad) {
        if (good.sha().equals(bad.sha())) {
            throw new CheckoutException("empty range: good and bad are the same commit " + good.label()
                    + "; give a good commit before the bad one");
        }
        try (RevWalk walk = new RevWalk(repo.repository())) {
            RevCommit goodCommit = walk.parseCommit(ObjectId.fromString(good.sha()));
            RevCommit badCommit = walk.parseCommit(ObjectId.fromString(bad.sha()));
            if (!walk.isMergedInto(goodCommit, badCommit)) {
                boolean swapped = walk.isMergedInto(badCommit, goodCommit);
                throw new CheckoutException("good commit " + good.label() + " is not an ancestor of bad commit "
                        + bad.label() + " in repository " + repo.location()
                        + (swapped ? ": the bad commit is an ancestor of the good one (--good and --bad swapped?)"
                                : ": they are on different branches; give a good commit the bad one descends from"));
            }
            List<CommitInfo> range = new ArrayList<>();
            RevCommit c = walk.parseCommit(badCommit);
            while (!c.equals(goodCommit)) {
                range.add(Repo.toInfo(c, walk.getObjectReader()));
                if (c.getParentCount() == 0) {
                    throw new CheckoutException("good commit " + good.label() + " is an ancestor of bad commit "
                            + bad.label() + " only through a merged branch, not on the bad commit's first-parent"
                            + " chain (repository " + repo.location() + "); give a good commit on that chain, such as"
                            + " the merge's first parent");
                }
                c = walk.parseCommit(c.getParent(0));
            }
            Collections.reverse(range);
            return range;
        } catch (IOException e) {
            throw new CheckoutException("cannot walk the history from " + bad.label() + " to " + good.label()
                    + " in repository " + repo.location() + ": " + e.getMessage(), e);
        }
    }
}
