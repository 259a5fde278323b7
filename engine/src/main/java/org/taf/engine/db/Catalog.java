package org.taf.engine.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.taf.engine.api.Column;
import org.taf.engine.api.ColumnType;
import org.taf.engine.api.IndexSchema;
import org.taf.engine.api.TableSchema;

/**
 * The data dictionary: databases, tables (space id, schema, index roots), the next space id,
 * the last transaction id, whether the engine was shut down cleanly and whether the datadir has a
 * redo log. Kept in memory and saved
 * as a small text file ({@value #FILE}) after every DDL, atomically (written beside, then renamed).
 * Not thread-safe: the engine changes it under its DDL monitor.
 *
 * <p>Format 2 (composite keys, the DECIMAL and temporal types, BINARY and INVISIBLE columns) is
 * format 1 with more in it: a key's columns are its names joined by {@code ,} (one name is format
 * 1's single column), a column line may end with its scale and flags, a DECIMAL default is
 * {@code D<digits>}. A catalog that uses none of that is written as format 1, so that a build from
 * before format 2 still opens a datadir of sysbench tables made by this one; both are read.
 */
final class Catalog {
    static final String FILE = "taf_catalog";
    private static final String MAGIC_1 = "taf-catalog 1";
    private static final String MAGIC_2 = "taf-catalog 2";
    private static final java.util.Set<ColumnType> FORMAT_1_TYPES =
            java.util.EnumSet.of(ColumnType.INT, ColumnType.BIGINT, ColumnType.CHAR, ColumnType.VARCHAR);

    /** A table's dictionary entry; {@code indexRoots} follow {@code schema.indexes()}. */
    record TableEntry(int space, TableSchema schema, int clusteredRoot, List<Integer> indexRoots) {
        TableEntry {
            indexRoots = List.copyOf(indexRoots);
        }
    }

    final TreeSet<String> databases = new TreeSet<>();
    final Map<String, TableEntry> tables = new LinkedHashMap<>();
    int nextSpace = 1;
    long lastTrxId;
    boolean clean = true;
    /** Whether the datadir has a redo log (a datadir of an older build has none, and gets one). */
    boolean redoLog;

    static String key(String database, String table) {
        return database + "." + table;
    }

    static Catalog load(Path datadir) {
        Path file = datadir.resolve(FILE);
        Catalog c = new Catalog();
        if (!Files.exists(file)) {
            return c;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        if (lines.isEmpty() || !(lines.get(0).equals(MAGIC_1) || lines.get(0).equals(MAGIC_2))) {
            throw new IllegalStateException(file + " is not a TAF engine catalog of a format this build reads (first"
                    + " line must be '" + MAGIC_1 + "' or '" + MAGIC_2 + "'; a newer build made it?)");
        }
        Map<Integer, TableBuilder> building = new LinkedHashMap<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            String[] t = line.split(" ");
            try {
                switch (t[0]) {
                    case "next_space" -> c.nextSpace = Integer.parseInt(t[1]);
                    case "last_trx" -> c.lastTrxId = Long.parseLong(t[1]);
                    case "clean" -> c.clean = t[1].equals("1");
                    case "redo_log" -> c.redoLog = t[1].equals("1");
                    case "database" -> c.databases.add(dec(t[1]));
                    case "table" -> building.put(Integer.parseInt(t[1]),
                            new TableBuilder(Integer.parseInt(t[1]), dec(t[2]), dec(t[3]), names(t[4]),
                                    Integer.parseInt(t[5])));
                    case "column" -> building.get(Integer.parseInt(t[1])).columns.add(column(t));
                    case "index" -> {
                        TableBuilder b = building.get(Integer.parseInt(t[1]));
                        b.indexes.add(new IndexSchema(dec(t[2]), names(t[3])));
                        b.roots.add(Integer.parseInt(t[4]));
                    }
                    default -> throw new IllegalStateException("unknown entry '" + t[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IllegalStateException(
                        file + ":" + (i + 1) + ": cannot read '" + line + "': " + e.getMessage(), e);
            }
        }
        for (TableBuilder b : building.values()) {
            TableSchema schema = new TableSchema(b.database, b.name, b.columns, b.primaryKey, b.indexes);
            c.tables.put(key(b.database, b.name), new TableEntry(b.space, schema, b.clusteredRoot, b.roots));
        }
        return c;
    }

    private static Column column(String[] t) {
        int scale = t.length > 8 ? Integer.parseInt(t[8]) : 0;
        String flags = t.length > 9 ? t[9] : "-";
        return new Column(dec(t[2]), ColumnType.valueOf(t[3]), Integer.parseInt(t[4]), scale, t[5].equals("1"),
                decodeDefault(t[7]), t[6].equals("1"), flags.contains("b"), flags.contains("i"));
    }

    private static List<String> names(String joined) {
        List<String> out = new ArrayList<>();
        for (String n : joined.split(",")) {
            out.add(dec(n));
        }
        return out;
    }

    private static String names(List<String> names) {
        StringBuilder b = new StringBuilder();
        for (String n : names) {
            b.append(b.length() == 0 ? "" : ",").append(enc(n));
        }
        return b.toString();
    }

    /** Whether every table can be written in format 1. */
    private boolean fitsFormat1() {
        for (TableEntry e : tables.values()) {
            TableSchema t = e.schema();
            if (t.primaryKey().size() > 1) {
                return false;
            }
            for (IndexSchema ix : t.indexes()) {
                if (ix.columns().size() > 1) {
                    return false;
                }
            }
            for (Column c : t.columns()) {
                if (!FORMAT_1_TYPES.contains(c.type()) || c.binary() || c.invisible()) {
                    return false;
                }
            }
        }
        return true;
    }

    void save(Path datadir) {
        StringBuilder s = new StringBuilder(fitsFormat1() ? MAGIC_1 : MAGIC_2).append('\n');
        s.append("next_space ").append(nextSpace).append('\n');
        s.append("last_trx ").append(lastTrxId).append('\n');
        s.append("clean ").append(clean ? 1 : 0).append('\n');
        s.append("redo_log ").append(redoLog ? 1 : 0).append('\n');
        for (String db : databases) {
            s.append("database ").append(enc(db)).append('\n');
        }
        for (TableEntry e : tables.values()) {
            TableSchema t = e.schema();
            s.append("table ").append(e.space()).append(' ').append(enc(t.database())).append(' ').append(enc(t.name()))
                    .append(' ').append(names(t.primaryKey())).append(' ').append(e.clusteredRoot()).append('\n');
            for (Column c : t.columns()) {
                s.append("column ").append(e.space()).append(' ').append(enc(c.name())).append(' ').append(c.type())
                        .append(' ').append(c.length()).append(' ').append(c.nullable() ? 1 : 0).append(' ')
                        .append(c.autoIncrement() ? 1 : 0).append(' ').append(encodeDefault(c.defaultValue()));
                if (c.scale() != 0 || c.binary() || c.invisible()) {
                    String flags = (c.binary() ? "b" : "") + (c.invisible() ? "i" : "");
                    s.append(' ').append(c.scale()).append(' ').append(flags.isEmpty() ? "-" : flags);
                }
                s.append('\n');
            }
            for (int i = 0; i < t.indexes().size(); i++) {
                IndexSchema ix = t.indexes().get(i);
                s.append("index ").append(e.space()).append(' ').append(enc(ix.name())).append(' ')
                        .append(names(ix.columns()))
                        .append(' ').append(e.indexRoots().get(i)).append('\n');
            }
        }
        Path file = datadir.resolve(FILE);
        Path tmp = datadir.resolve(FILE + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE)) {
                ch.write(java.nio.ByteBuffer.wrap(s.toString().getBytes(StandardCharsets.UTF_8)));
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String dec(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String encodeDefault(Object v) {
        if (v == null) {
            return "-";
        }
        if (v instanceof Long l) {
            return "L" + l;
        }
        if (v instanceof java.math.BigDecimal d) {
            return "D" + d.toPlainString();
        }
        return "S" + enc(v.toString());
    }

    private static Object decodeDefault(String s) {
        return switch (s.charAt(0)) {
            case '-' -> null;
            case 'L' -> Long.parseLong(s.substring(1));
            case 'D' -> new java.math.BigDecimal(s.substring(1));
            case 'S' -> dec(s.substring(1));
            default -> throw new IllegalStateException("bad default '" + s + "'");
        };
    }

    private static final class TableBuilder {
        final int space;
        final String database;
        final String name;
        final List<String> primaryKey;
        final int clusteredRoot;
        final List<Column> columns = new ArrayList<>();
        final List<IndexSchema> indexes = new ArrayList<>();
        final List<Integer> roots = new ArrayList<>();

        TableBuilder(int space, String database, String name, List<String> primaryKey, int clusteredRoot) {
            this.space = space;
            this.database = database;
            this.name = name;
            this.primaryKey = primaryKey;
            this.clusteredRoot = clusteredRoot;
        }
    }
}
