package org.taf.runner.jfr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The recording's JVM arguments and settings file. That a JVM accepts them and records only these
 * events is shown by {@link JfrFolderTest}'s fresh recording, which uses exactly these.
 */
class JfrRecordingOptionsTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultsRecordToTheFileWithASizeBoundAndTheSettingsFile() throws Exception {
        JfrRecordingOptions o = JfrRecordingOptions.defaults();
        assertThat(o.maxSizeBytes()).isEqualTo(32L << 20);
        Path settings = o.writeSettings(dir.resolve("conf"));
        assertThat(settings).hasFileName("taf.jfc").exists();
        Path rec = dir.resolve("out/engine.jfr");
        assertThat(o.jvmArguments(rec, settings))
                .containsExactly(
                        "-XX:StartFlightRecording=name=taf,settings=" + settings.toAbsolutePath()
                                + ",disk=true,maxsize=33554432," + "dumponexit=true,filename=" + rec.toAbsolutePath(),
                        "-XX:FlightRecorderOptions=stackdepth=128");
    }

    @Test
    void theSettingsFileTurnsOnThreeEventsWithTheChosenPeriodAndThreshold() throws Exception {
        String jfc = new JfrRecordingOptions(JfrRecordingOptions.DEFAULT_MAX_SIZE, Duration.ofMillis(20),
                Duration.ofMillis(1), JfrRecordingOptions.DEFAULT_STACK_DEPTH).settings();
        assertThat(jfc).doesNotContain("@SAMPLE_PERIOD@").doesNotContain("@LOCK_THRESHOLD@");
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(jfc.getBytes(StandardCharsets.UTF_8)));
        NodeList events = doc.getElementsByTagName("event");
        StringBuilder seen = new StringBuilder();
        for (int i = 0; i < events.getLength(); i++) {
            Element e = (Element) events.item(i);
            seen.append(e.getAttribute("name"));
            NodeList settings = e.getElementsByTagName("setting");
            for (int j = 0; j < settings.getLength(); j++) {
                Element s = (Element) settings.item(j);
                seen.append(' ').append(s.getAttribute("name")).append('=').append(s.getTextContent());
            }
            seen.append('\n');
        }
        assertThat(seen.toString()).isEqualTo("""
            jdk.ExecutionSample enabled=true period=20 ms
            jdk.JavaMonitorEnter enabled=true stackTrace=true threshold=1000000 ns
            jdk.ThreadPark enabled=true stackTrace=true threshold=1000000 ns
            jdk.NativeMethodSample enabled=false
            """);
        assertThat(JfrRecordingOptions.defaults().settings()).contains("<setting name=\"period\">10 ms</setting>")
                .contains("<setting name=\"threshold\">100000 ns</setting>");
    }

    @Test
    void writingTheSettingsAgainGivesTheSameBytes() throws Exception {
        JfrRecordingOptions o = JfrRecordingOptions.defaults();
        byte[] first = Files.readAllBytes(o.writeSettings(dir));
        assertThat(Files.readAllBytes(o.writeSettings(dir))).isEqualTo(first);
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("taf.jfc");
        }
    }

    @Test
    void badValuesAreRefusedWithTheSettingTheValueAndTheRule() {
        JfrRecordingOptions d = JfrRecordingOptions.defaults();
        long size = d.maxSizeBytes();
        Duration period = d.samplePeriod();
        Duration wait = d.lockThreshold();
        int depth = d.stackDepth();
        assertThatThrownBy(() -> new JfrRecordingOptions(1000, period, wait, depth))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("JFR max size (1000 bytes) must be at least 1M");
        assertThatThrownBy(() -> new JfrRecordingOptions(size, Duration.ofNanos(500_000), wait, depth))
                .hasMessage("JFR sample period (500us) must be a whole number of milliseconds from 1ms to 1s");
        assertThatThrownBy(() -> new JfrRecordingOptions(size, Duration.ofSeconds(2), wait, depth))
                .hasMessage("JFR sample period (2000ms) must be a whole number of milliseconds from 1ms to 1s");
        assertThatThrownBy(() -> new JfrRecordingOptions(size, period, Duration.ofMillis(-1), depth))
                .hasMessage("JFR lock threshold (-1ms) must be from 0 to 1s");
        assertThatThrownBy(() -> new JfrRecordingOptions(size, period, wait, 0))
                .hasMessage("JFR stack depth (0) must be from 1 to 2048");
        assertThatThrownBy(() -> new JfrRecordingOptions(size, null, wait, depth))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("JFR sample period");
        Path comma = Path.of("/tmp/a,b/engine.jfr");
        assertThatThrownBy(() -> d.jvmArguments(comma, Path.of("/tmp/x.jfc")))
                .hasMessage("JFR recording path (/tmp/a,b/engine.jfr) must not contain a comma");
        assertThat(new JfrRecordingOptions(size, period, Duration.ZERO, depth).lockThreshold()).isZero();
        assertThat(new JfrRecordingOptions(size, Duration.ofSeconds(1), wait, 2048).stackDepth()).isEqualTo(2048);
    }
}
