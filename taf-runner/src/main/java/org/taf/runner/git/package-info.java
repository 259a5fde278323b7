/**
 * Stage {@code git}: resolve revisions with JGit (never a git binary) into {@link org.taf.runner.git.CommitInfo}
 * and materialize commit trees, optionally with a diff applied, into an atomic, cross-process-safe cache.
 */
package org.taf.runner.git;
