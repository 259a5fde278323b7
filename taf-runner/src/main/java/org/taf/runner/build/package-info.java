/**
 * Stage {@code build}: build the engine in a materialized tree with a timeout, log to a file, and cache the
 * artifact by (tree, build command, artifact path) so that a second build of the same key does no work.
 */
package org.taf.runner.build;
