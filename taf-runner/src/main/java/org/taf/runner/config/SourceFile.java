package org.taf.runner.config;

import java.nio.file.Path;
import java.util.List;

/**
 * One properties file as read: its verbatim text and its checked settings in file order.
 *
 * @param file     absolute, normalized path
 * @param text     the file's text, verbatim
 * @param settings its settings (entries with errors are left out; the errors are in {@link Problems})
 */
record SourceFile(Path file, String text, List<Setting> settings) {}
