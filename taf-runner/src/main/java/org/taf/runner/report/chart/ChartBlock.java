package org.taf.runner.report.chart;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.taf.runner.report.Svg;

/**
 * A chart written into a Markdown page: a fenced code block whose info string is {@code chart},
 * holding a header of {@code key: value} lines, a blank line, then a table of numbers, one row per x
 * and one column per series, cells separated by commas (or by tabs when the table's first row holds
 * one). {@code -} in a cell means the series has no point at that x. For example:
 *
 * <pre>
 * title: Comparisons called REGRESSED, by the size of the slowdown
 * x: slowdown of TPS (%)
 * y: called REGRESSED (%)
 * y-max: 100
 * series: restart = restart pairs, 2026-11-30
 * series: alt = alternating windows, 2026-12-03
 * mark-y: 90 = target, 90%
 * caption: Where each point comes from (Markdown, inline).
 *
 * slowdown, restart, alt
 * 0.1, -, 0
 * 4.0, 0, 100
 * </pre>
 *
 * <p>Keys: {@code title}, {@code x} and {@code y} (the axes' labels with their units) once each and
 * required; {@code series} once per series ({@code key = legend name}, at most {@value #MAX_SERIES});
 * {@code caption} any number of times (joined by spaces); {@code x-min}, {@code x-max},
 * {@code y-min}, {@code y-max} at most once (the axes' ends, which every point must lie within; by
 * default the data's range, y from 0); {@code mark-y} any number of times ({@code value = label}, a
 * horizontal reference line). Numbers are plain decimals ({@code -12.5}): no thousands separators,
 * no units, the same on every machine. The table's first row names the x column, then the series'
 * keys, each declared once. Anything else is refused by {@link #parse} with the line it is on.
 *
 * @param title   what the chart shows
 * @param xLabel  the x axis's label, with its unit
 * @param yLabel  the y axis's label, with its unit
 * @param caption Markdown text shown under the chart (where the points come from); empty if none
 * @param xName   the table's first column heading
 * @param series  the series in the order declared
 * @param rows    the table's rows in the order written
 * @param xMin    the x axis's left end, or null for the data's
 * @param xMax    the x axis's right end, or null
 * @param yMin    the y axis's bottom, or null for 0 (or the data's minimum if that is below 0)
 * @param yMax    the y axis's top, or null for a round value at or above the data's
 * @param marks   horizontal reference lines
 */
public record ChartBlock(String title, String xLabel, String yLabel, String caption, String xName,
                         List<SeriesSpec> series, List<Row> rows, Double xMin, Double xMax, Double yMin,
                         Double yMax, List<Mark> marks) {
    /** The info string that makes a fenced code block a chart. */
    public static final String INFO = "chart";
    static final int MAX_SERIES = 8;
    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");
    private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_.-]+");
    private static final Set<String> SINGLE = Set.of("title", "x", "y", "x-min", "x-max", "y-min", "y-max");
    private static final String KEYS = "title, x, y, series, caption, x-min, x-max, y-min, y-max, mark-y";

    public ChartBlock {
        series = List.copyOf(series);
        rows = List.copyOf(rows);
        marks = List.copyOf(marks);
    }

    /**
     * A series: the key its table column is headed with, and its name in the legend.
     *
     * @param key  the column's heading
     * @param name the legend's text
     */
    public record SeriesSpec(String key, String name) {
    }

    /**
     * A row of the table.
     *
     * @param x      x as written
     * @param values one cell per series, as written ({@code -} for no point)
     */
    public record Row(String x, List<String> values) {
        public Row {
            values = List.copyOf(values);
        }

        double xValue() {
            return Double.parseDouble(x);
        }

        /** The value of series i, or null where the row has no point for it. */
        Double value(int i) {
            String v = values.get(i);
            return v.equals("-") ? null : Double.valueOf(v);
        }
    }

    /**
     * A horizontal reference line, such as a target.
     *
     * @param y     where, in y's units
     * @param label its text
     */
    public record Mark(double y, String label) {
    }

    /**
     * A chart block that cannot be drawn.
     *
     * <p>{@code line} is the 0-based line within the block's text (the line after the opening
     * fence is 0); the Markdown renderer turns it into the page's line.
     */
    public static final class Malformed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;

        Malformed(int line, String message) {
            super(message);
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /**
     * Parses a chart block's text (the fenced code block's content).
     *
     * @throws Malformed naming the line and what is wrong with it
     */
    public static ChartBlock parse(String text) {
        List<String> lines = text.replace("\r\n", "\n").lines().toList();
        Map<String, String> single = new LinkedHashMap<>();
        List<SeriesSpec> series = new ArrayList<>();
        List<String> caption = new ArrayList<>();
        List<Mark> marks = new ArrayList<>();
        int i = 0;
        for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
            String line = lines.get(i);
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new Malformed(i, "'" + line.strip() + "' is not 'key: value', and the header ends at the first"
                        + " blank line");
            }
            String key = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (value.isEmpty()) {
                throw new Malformed(i, "'" + key + "' has no value");
            }
            switch (key) {
                case "series" -> series.add(seriesSpec(i, value, series));
                case "caption" -> caption.add(value);
                case "mark-y" -> marks.add(mark(i, value));
                default -> {
                    if (!SINGLE.contains(key)) {
                        throw new Malformed(i, "unknown key '" + key + "' (a chart block knows " + KEYS + ")");
                    }
                    if (single.putIfAbsent(key, value) != null) {
                        throw new Malformed(i, "'" + key + "' is given twice");
                    }
                    if (key.endsWith("-min") || key.endsWith("-max")) {
                        number(i, value, key);
                    }
                }
            }
        }
        for (String key : List.of("title", "x", "y")) {
            if (!single.containsKey(key)) {
                throw new Malformed(0, "'" + key + ":' is missing (a chart block needs title, x and y, then at least"
                        + " one 'series: key = name', a blank line and the table)");
            }
        }
        if (series.isEmpty()) {
            throw new Malformed(0, "no 'series: key = name' line: the table's columns after the first are series");
        }
        while (i < lines.size() && lines.get(i).isBlank()) {
            i++;
        }
        if (i == lines.size()) {
            throw new Malformed(lines.size(), "no table: after the header and a blank line, a row naming the x column"
                    + " and the series, then one row per x");
        }
        String sep = lines.get(i).contains("\t") ? "\t" : ",";
        List<String> head = cells(lines.get(i), sep);
        if (head.get(0).isEmpty()) {
            throw new Malformed(i, "the table's first row must name the x column first");
        }
        int[] column = columns(i, head, series);
        Double xMin = bound(single, "x-min");
        Double xMax = bound(single, "x-max");
        Double yMin = bound(single, "y-min");
        Double yMax = bound(single, "y-max");
        if (xMin != null && xMax != null && xMin >= xMax || yMin != null && yMax != null && yMin >= yMax) {
            throw new Malformed(0, "an axis's min is not below its max");
        }
        for (Mark m : marks) {
            if (outside(m.y(), yMin, yMax)) {
                throw new Malformed(0, "mark-y " + Svg.num(m.y()) + " lies outside y-min/y-max");
            }
        }
        List<Row> rows = new ArrayList<>();
        Set<Double> xs = new HashSet<>();
        int[] points = new int[series.size()];
        for (i++; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            List<String> cells = cells(lines.get(i), sep);
            if (cells.size() != head.size()) {
                throw new Malformed(i, "the row has " + cells.size() + " cells, the table's first row "
                        + head.size() + " (" + String.join(", ", head) + ")");
            }
            String x = number(i, cells.get(0), head.get(0));
            if (!xs.add(Double.parseDouble(x))) {
                throw new Malformed(i, head.get(0) + " " + x + " has a row already");
            }
            if (outside(Double.parseDouble(x), xMin, xMax)) {
                throw new Malformed(i, head.get(0) + " " + x + " lies outside x-min/x-max");
            }
            List<String> values = new ArrayList<>();
            for (int s = 0; s < series.size(); s++) {
                String cell = cells.get(column[s]);
                if (!cell.equals("-")) {
                    number(i, cell, series.get(s).key());
                    if (outside(Double.parseDouble(cell), yMin, yMax)) {
                        throw new Malformed(i, series.get(s).key() + " " + cell + " lies outside y-min/y-max");
                    }
                    points[s]++;
                }
                values.add(cell);
            }
            rows.add(new Row(x, values));
        }
        for (int s = 0; s < series.size(); s++) {
            if (points[s] == 0) {
                throw new Malformed(lines.size() - 1, "series '" + series.get(s).key() + "' has no point (a row with"
                        + " a number in its column)");
            }
        }
        return new ChartBlock(single.get("title"), single.get("x"), single.get("y"), String.join(" ", caption),
                head.get(0), series, rows, xMin, xMax, yMin, yMax, marks);
    }

    private static boolean outside(double v, Double min, Double max) {
        return min != null && v < min || max != null && v > max;
    }

    private static SeriesSpec seriesSpec(int line, String value, List<SeriesSpec> declared) {
        int eq = value.indexOf('=');
        String key = eq < 0 ? "" : value.substring(0, eq).strip();
        String name = eq < 0 ? "" : value.substring(eq + 1).strip();
        if (!KEY.matcher(key).matches() || name.isEmpty()) {
            throw new Malformed(line, "'series: " + value + "' is not 'series: key = legend name' (a key of letters,"
                    + " digits, '.', '_' or '-')");
        }
        if (declared.stream().anyMatch(s -> s.key().equals(key))) {
            throw new Malformed(line, "series '" + key + "' is declared twice");
        }
        if (declared.size() == MAX_SERIES) {
            throw new Malformed(line, "more than " + MAX_SERIES + " series: a chart that busy is better as two");
        }
        return new SeriesSpec(key, name);
    }

    private static Mark mark(int line, String value) {
        int eq = value.indexOf('=');
        if (eq < 0 || value.substring(eq + 1).isBlank()) {
            throw new Malformed(line, "'mark-y: " + value + "' is not 'mark-y: value = label'");
        }
        return new Mark(Double.parseDouble(number(line, value.substring(0, eq).strip(), "mark-y")),
                value.substring(eq + 1).strip());
    }

    /** For each declared series, the column that holds it. */
    private static int[] columns(int line, List<String> head, List<SeriesSpec> series) {
        int[] column = new int[series.size()];
        Set<String> seen = new HashSet<>();
        for (int c = 1; c < head.size(); c++) {
            String key = head.get(c);
            int s = indexOf(series, key);
            if (s < 0) {
                throw new Malformed(line, "unknown series '" + key + "' in the table's first row (declared: "
                        + String.join(", ", series.stream().map(SeriesSpec::key).toList()) + ")");
            }
            if (!seen.add(key)) {
                throw new Malformed(line, "series '" + key + "' has two columns");
            }
            column[s] = c;
        }
        for (SeriesSpec s : series) {
            if (!seen.contains(s.key())) {
                throw new Malformed(line, "series '" + s.key() + "' is declared but has no column in the table");
            }
        }
        return column;
    }

    private static int indexOf(List<SeriesSpec> series, String key) {
        for (int s = 0; s < series.size(); s++) {
            if (series.get(s).key().equals(key)) {
                return s;
            }
        }
        return -1;
    }

    private static List<String> cells(String line, String sep) {
        List<String> cells = new ArrayList<>();
        for (String c : line.split(Pattern.quote(sep), -1)) {
            cells.add(c.strip());
        }
        return cells;
    }

    /** {@code cell} if it is a plain decimal number; refused with what it is for otherwise. */
    private static String number(int line, String cell, String what) {
        if (!NUMBER.matcher(cell).matches()) {
            throw new Malformed(line, what + ": '" + cell + "' is not a number (plain decimals such as -12.5; '-' for"
                    + " no point)");
        }
        return cell;
    }

    private static Double bound(Map<String, String> single, String key) {
        String v = single.get(key);
        return v == null ? null : Double.valueOf(v);
    }
}
