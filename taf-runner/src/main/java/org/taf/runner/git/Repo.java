package org.taf.runner.git;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.jgit.errors.AmbiguousObjectException;
import org.eclipse.jgit.errors.IncorrectObjectTypeException;
import org.eclipse.jgit.errors.MissingObjectException;
import org.eclipse.jgit.errors.RevisionSyntaxException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevObject;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;

/**
 * A git repository opened with JGit: resolves revisions into {@link CommitInfo}. Thread-safe; close it when
 * done. Opening never spawns a git binary (see {@link JGitNoBinary}).
 */
public final class Repo implements AutoCloseable {
    /** Characters that end the name part of a revision such as {@code main~2} or {@code v1.0^{commit}}. */
    private static final String REVISION_OPERATORS = "~^@:{";
    /** A suffix that only walks to ancestors or parents: {@code ~3}, {@code ^2}, {@code ^^}. */
    private static final Pattern ANCESTRY = Pattern.compile("([~^][0-9]*)+");

    private final Repository repository;
    private final Path location;

    private Repo(Repository repository) {
        this.repository = repository;
        this.location = (repository.isBare() ? repository.getDirectory() : repository.getWorkTree()).toPath();
    }

    /**
     * Opens the repository containing {@code path}: a work tree, any directory inside one (searching upward,
     * as git does), a linked worktree, or a bare repository.
     *
     * @throws CheckoutException if {@code path} is not a directory or no repository contains it
     */
    public static Repo open(Path path) {
        JGitNoBinary.install();
        Path start = path.toAbsolutePath().normalize();
        if (!Files.isDirectory(start)) {
            throw new CheckoutException("cannot open a git repository at " + start + ": no such directory");
        }
        FileRepositoryBuilder builder = new FileRepositoryBuilder().setMustExist(true).findGitDir(start.toFile());
        if (builder.getGitDir() == null) {
            throw new CheckoutException("not a git repository (nor inside one): " + start);
        }
        try {
            return new Repo(builder.build());
        } catch (IOException | IllegalArgumentException e) {
            throw new CheckoutException("cannot open git repository " + builder.getGitDir() + ": " + e.getMessage(), e);
        }
    }

    /** The work tree, or the git directory of a bare repository; how messages name this repository. */
    public Path location() {
        return location;
    }

    Repository repository() {
        return repository;
    }

    /**
     * Resolves any revision JGit understands (full or short sha, branch, tag, {@code HEAD~1}, {@code main^2},
     * {@code origin/x}) to the commit it names; annotated tags are peeled. A short sha that matches several
     * objects is taken when exactly one of them is a commit (as git does for revisions).
     *
     * @throws CheckoutException naming the revision and the repository, with a did-you-mean for a near
     *                           branch or tag name, or the candidates of an ambiguous short sha
     */
    public CommitInfo resolve(String revision) {
        Objects.requireNonNull(revision, "revision");
        String rev = revision.strip();
        if (rev.isEmpty()) {
            throw new CheckoutException("empty revision for repository " + location);
        }
        if (rev.contains("..")) {
            throw new CheckoutException("revision '" + rev + "' is a range; a side of a comparison is one commit "
                    + "(repository " + location + ")");
        }
        ObjectId id = resolveCommitId(rev);
        try (RevWalk walk = new RevWalk(repository)) {
            return toInfo(walk.parseCommit(id), walk.getObjectReader());
        } catch (IOException e) {
            throw new CheckoutException("cannot read commit " + id.name() + " ('" + rev + "') in repository "
                    + location + ": " + e.getMessage(), e);
        }
    }

    private ObjectId resolveCommitId(String rev) {
        try {
            ObjectId id = repository.resolve(rev + "^{commit}");
            if (id == null) {
                throw unknown(rev);
            }
            return id;
        } catch (AmbiguousObjectException e) {
            return disambiguate(rev, e);
        } catch (IncorrectObjectTypeException e) {
            String type = typeOf(rev);
            throw new CheckoutException("revision '" + rev + "' in repository " + location + " names a "
                    + (type == null ? "non-commit object" : type) + ", not a commit");
        } catch (MissingObjectException e) {
            throw unknown(rev);
        } catch (RevisionSyntaxException e) {
            throw new CheckoutException("revision '" + rev + "' is not valid revision syntax (repository "
                    + location + ")");
        } catch (IOException e) {
            throw new CheckoutException("cannot read repository " + location + " while resolving '" + rev + "': "
                    + e.getMessage(), e);
        }
    }

    private CheckoutException unknown(String rev) {
        String type = typeOf(rev);
        if (type != null) {
            return new CheckoutException("revision '" + rev + "' in repository " + location + " names a " + type
                    + ", not a commit");
        }
        String base = baseName(rev);
        if (!base.isEmpty() && !base.equals(rev) && ANCESTRY.matcher(rev.substring(base.length())).matches()
                && resolvesQuietly(base)) {
            return new CheckoutException("revision '" + rev + "' does not exist in repository " + location
                    + ": '" + base + "' exists but has no such ancestor or parent"
                    + (isShallow() ? " (the repository is a shallow clone: fetch more history)" : ""));
        }
        String name = base.isEmpty() ? rev : base;
        String hint = Suggestions.closest(name, refNames())
                .map(s -> "; did you mean '" + s + rev.substring(name.length()) + "'?")
                .orElse(" (no branch, tag or commit of that name)");
        return new CheckoutException("unknown revision '" + rev + "' in repository " + location + hint);
    }

    /**
     * git resolves an abbreviation in a revision to a commit when only one candidate is commit-ish;
     * JGit reports every abbreviation with several objects as ambiguous, so narrow it here.
     */
    private ObjectId disambiguate(String rev, AmbiguousObjectException e) {
        String abbrev = e.getAbbreviatedObjectId().name();
        List<ObjectId> commits = new ArrayList<>();
        Set<String> described = new TreeSet<>();
        try (RevWalk walk = new RevWalk(repository)) {
            for (ObjectId candidate : e.getCandidates()) {
                RevObject object = walk.parseAny(candidate);
                boolean commitish = walk.peel(object) instanceof RevCommit;
                if (commitish) {
                    commits.add(candidate);
                }
                described.add(candidate.name().substring(0, 12) + " ("
                        + Constants.typeString(object.getType()) + ")");
            }
        } catch (IOException io) {
            throw new CheckoutException("cannot read repository " + location + " while resolving '" + rev + "': "
                    + io.getMessage(), io);
        }
        if (commits.size() == 1 && rev.regionMatches(true, 0, abbrev, 0, abbrev.length())) {
            return resolveCommitId(commits.get(0).name() + rev.substring(abbrev.length()));
        }
        throw new CheckoutException("short sha '" + abbrev + "' in revision '" + rev + "' is ambiguous in repository "
                + location + ": it matches " + String.join(", ", described) + "; give more hex digits");
    }

    /** The type ("tree", "blob") of the object {@code rev} names, or null if it names none. */
    private String typeOf(String rev) {
        try (ObjectReader reader = repository.newObjectReader()) {
            ObjectId id = repository.resolve(rev);
            return id == null ? null : Constants.typeString(reader.open(id).getType());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private boolean resolvesQuietly(String rev) {
        try {
            return repository.resolve(rev + "^{commit}") != null;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private boolean isShallow() {
        try (ObjectReader reader = repository.newObjectReader()) {
            return !reader.getShallowCommits().isEmpty();
        } catch (IOException e) {
            return false;
        }
    }

    private static String baseName(String rev) {
        for (int i = 0; i < rev.length(); i++) {
            if (REVISION_OPERATORS.indexOf(rev.charAt(i)) >= 0) {
                return rev.substring(0, i);
            }
        }
        return rev;
    }

    private Set<String> refNames() {
        try {
            Set<String> names = repository.getRefDatabase().getRefs().stream()
                    .map(Ref::getName)
                    .map(Repository::shortenRefName)
                    .collect(Collectors.toCollection(TreeSet::new));
            names.add(Constants.HEAD);
            return names;
        } catch (IOException e) {
            return Set.of(Constants.HEAD);
        }
    }

    static CommitInfo toInfo(RevCommit c, ObjectReader reader) throws IOException {
        PersonIdent author = c.getAuthorIdent();
        PersonIdent committer = c.getCommitterIdent();
        List<String> parents = new ArrayList<>();
        for (RevCommit p : c.getParents()) {
            parents.add(p.name());
        }
        return new CommitInfo(
                c.name(),
                reader.abbreviate(c, 7).name(),
                c.getShortMessage(),
                c.getFullMessage(),
                author == null ? "" : author.getName(),
                author == null ? "" : author.getEmailAddress(),
                author == null ? committer.getWhenAsInstant() : author.getWhenAsInstant(),
                committer.getWhenAsInstant(),
                parents);
    }

    @Override
    public void close() {
        repository.close();
    }

    @Override
    public String toString() {
        return "Repo[" + location + "]";
    }
}
