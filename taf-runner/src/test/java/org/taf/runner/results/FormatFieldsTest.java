package org.taf.runner.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.taf.runner.config.Golden;

/**
 * Formats only gain optional fields: every field a stored file may hold stays, under its name, so that every run
 * ever stored reads without an upgrade. Each format's fields, as Jackson writes them, are listed in
 * {@code src/test/resources/formats/<format>.fields}; this fails when one is gone (removed or renamed), and when a
 * new one is not yet listed ({@code -Dtaf.golden.update=true} adds new ones, never removes).
 */
class FormatFieldsTest {
    private static final ObjectMapper JSON = ResultsStore.json();

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "results, org.taf.runner.results.RunRecord",
        "noise, org.taf.runner.results.NoiseFile",
        "digest, org.taf.runner.report.site.RunDigest",
        "summary, org.taf.runner.report.output.JsonSummary",
        "bisect, org.taf.runner.bisect.BisectRecord"})
    void aStoredFieldIsNeverRemovedOrRenamed(String format, String type) throws Exception {
        Set<String> now = new TreeSet<>();
        fields(JSON.constructType(Class.forName(type)), "", now, new HashSet<>());
        Path file = Path.of("src/test/resources/formats", format + ".fields");
        Set<String> listed = new TreeSet<>(Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8)
                : List.of());
        listed.removeIf(String::isBlank);
        if (Boolean.getBoolean(Golden.UPDATE_FLAG)) {
            Set<String> all = new TreeSet<>(listed);
            all.addAll(now);
            write(file, all);
            listed = all;
        }
        Set<String> gone = new TreeSet<>(listed);
        gone.removeAll(now);
        assertThat(gone).as("%s format: these fields are gone (removed or renamed); a stored %s file holds them, and"
                + " formats only gain optional fields", format, format).isEmpty();
        Set<String> added = new TreeSet<>(now);
        added.removeAll(listed);
        assertThat(added).as("%s format: new fields, to list in %s (run with -D%s=true)", format, file,
                Golden.UPDATE_FLAG).isEmpty();
    }

    /** Every property path under {@code type}: {@code comparisons[].cells[].verdict}, maps as {@code .*}. */
    private static void fields(JavaType type, String prefix, Set<String> out, Set<Class<?>> path) {
        Class<?> raw = type.getRawClass();
        if (!raw.getName().startsWith("org.taf.") || type.isEnumType() || !path.add(raw)) {
            return;
        }
        BeanDescription bean = JSON.getSerializationConfig().introspect(type);
        for (BeanPropertyDefinition p : bean.findProperties()) {
            if (!p.couldSerialize()) {
                continue;
            }
            String name = prefix + p.getName();
            out.add(name);
            descend(p.getPrimaryType(), name, out, path);
        }
        path.remove(raw);
    }

    private static void descend(JavaType type, String name, Set<String> out, Set<Class<?>> path) {
        if (type.isMapLikeType()) {
            descend(type.getContentType(), name + ".*", out, path);
        } else if (type.isContainerType()) {
            descend(type.getContentType(), name + "[]", out, path);
        } else if (type.isReferenceType()) {
            descend(type.getReferencedType(), name, out, path);
        } else {
            fields(type, name + ".", out, path);
        }
    }

    private static void write(Path file, Set<String> lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
}
