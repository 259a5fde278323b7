package org.taf.runner.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.taf.runner.sys.AtomicWrite;

/**
 * Reads and writes {@code results.json}: snake_case JSON with a {@code format_version}, written
 * atomically (a temporary file beside it, synced, then renamed over), so a reader or a crash
 * never sees half a file. The format is frozen at 7: it only gains optional fields, so a file of today reads in
 * every later TAF ({@code FormatFieldsTest} fails when a field is removed or renamed). Formats 1 to 6 were
 * rewritten once, on 2026-12-07; an older file is refused with the TAF that reads it.
 */
public final class ResultsStore {
    /** The version this TAF writes and reads; frozen (fields are only added, each optional). */
    public static final int FORMAT_VERSION = 7;
    /** How today's verdicts are judged, as records name it. */
    public static final String ANALYSIS = "paired t over A/B pairs";
    /** The last TAF commit that read formats 1 to 6 (it upgraded them on reading). */
    private static final String LAST_UPGRADER = "909197e";
    /** The results file in a run's directory. */
    public static final String FILE_NAME = "results.json";

    private static final ObjectMapper JSON = StatsJson.register(new ObjectMapper())
            .registerModule(new JavaTimeModule())
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private ResultsStore() {}

    /** The mapper, for other machine-readable outputs that share the conventions. */
    public static ObjectMapper json() {
        return JSON.copy();
    }

    /** Writes {@code run} to {@code <runDir>/results.json} atomically; returns the file. */
    public static Path write(Path runDir, RunRecord run) {
        Path file = runDir.resolve(FILE_NAME);
        AtomicWrite.write(file, toJson(run).getBytes(StandardCharsets.UTF_8));
        return file;
    }


    /** {@code run} as the text {@link #write} puts in {@code results.json} (the results database keeps it too). */
    public static String toJson(RunRecord run) {
        try {
            return JSON.writeValueAsString(run);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize run " + run.runId(), e);
        }
    }

    /**
     * The content hash of a run: the SHA-256, in hex, of its results JSON as {@link #toJson} gives it (UTF-8).
     * The results database keeps it beside each run, and the site beside each digest, so a publish tells a
     * new or changed run without reading the others.
     */
    public static String contentHash(byte[] json) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Reads a results file (or a run directory holding one). */
    public static RunRecord read(Path path) {
        Path file = Files.isDirectory(path) ? path.resolve(FILE_NAME) : path;
        JsonNode tree;
        try {
            tree = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ResultsException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return fromTree(tree, file.toString());
    }

    /**
     * Reads results text kept elsewhere (a database row).
     *
     * @param origin names the text in errors, e.g. {@code run X in jdbc:sqlite:...}
     */
    public static RunRecord parse(String json, String origin) {
        try {
            return fromTree(JSON.readTree(json), origin);
        } catch (JsonProcessingException e) {
            throw new ResultsException("cannot read " + origin + ": " + e.getOriginalMessage(), e);
        }
    }

    private static RunRecord fromTree(JsonNode tree, String origin) {
        if (tree == null || !tree.has("format_version")) {
            throw new ResultsException(origin + " is not a TAF results file (no format_version)");
        }
        int version = tree.get("format_version").asInt();
        if (version != FORMAT_VERSION) {
            throw new ResultsException(origin + " has format_version " + version + "; this TAF reads version "
                    + FORMAT_VERSION + (version > FORMAT_VERSION ? ": use a newer TAF to read it"
                    : ": TAF at commit " + LAST_UPGRADER + " or earlier reads versions 1 to 6"));
        }
        try {
            return JSON.treeToValue(tree, RunRecord.class);
        } catch (JsonProcessingException e) {
            throw new ResultsException(origin + " does not match format_version " + version + ": "
                    + e.getOriginalMessage(), e);
        }
    }
}
