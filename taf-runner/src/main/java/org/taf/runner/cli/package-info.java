/**
 * The {@code taf} command line (picocli): one class per command; errors become {@code error:} lines and exit code 3.
 */
package org.taf.runner.cli;
