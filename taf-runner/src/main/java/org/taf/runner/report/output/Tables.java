package org.taf.runner.report.output;

import java.util.List;

/** Aligned plain-text tables: columns separated by " | ", a dashed rule under the header. */
final class Tables {
    private Tables() {}

    /**
     * Appends {@code rows} (the first is the header) to {@code out}.
     *
     * @param right per column, whether values are right-aligned (numbers)
     */
    static void align(List<String[]> rows, boolean[] right, StringBuilder out) {
        int cols = rows.get(0).length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], row[c].codePointCount(0, row[c].length()));
            }
        }
        for (int i = 0; i < rows.size(); i++) {
            String[] row = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                if (c > 0) {
                    line.append(" | ");
                }
                String pad = " ".repeat(width[c] - row[c].codePointCount(0, row[c].length()));
                // the header stays left-aligned; the last column is not padded (no trailing blanks)
                boolean r = right[c] && i > 0;
                line.append(r ? pad : "").append(row[c]).append(r || c == cols - 1 ? "" : pad);
            }
            out.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                for (int c = 0; c < cols; c++) {
                    out.append(c > 0 ? "-+-" : "").append("-".repeat(width[c]));
                }
                out.append('\n');
            }
        }
    }
}
