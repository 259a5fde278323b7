package org.taf.runner.report.output;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.taf.runner.report.SiteFixtures;
import org.taf.runner.results.CellRecord;
import org.taf.runner.results.ComparisonRecord;
import org.taf.runner.results.RunRecord;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/** JUnit XML: valid against the schema Jenkins reads, one case per cell, outcomes by verdict. */
public class JUnitXmlWriterTest {
    @TempDir
    Path dir;

    public static void validate(String xml) throws Exception {
        SchemaFactory f = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var schema = f.newSchema(JUnitXmlWriterTest.class.getResource("/report/junit-jenkins.xsd"));
        schema.newValidator().validate(new StreamSource(new StringReader(xml)));
    }

    static Document parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    @Test
    void oneValidCasePerCellWithFailuresErrorsAndSkipsByVerdict() throws Exception {
        RunRecord run = SiteFixtures.branches();
        String xml = JUnitXmlWriter.render(run);
        validate(xml);
        Document doc = parse(xml);
        NodeList cases = doc.getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element c = (Element) cases.item(i);
            names.add(c.getAttribute("classname") + "/" + c.getAttribute("name"));
        }
        List<String> expected = new ArrayList<>();
        for (ComparisonRecord c : run.comparisons()) {
            for (CellRecord cell : c.cells()) {
                expected.add(c.name() + "/" + cell.workload() + "@" + cell.threads());
            }
        }
        assertThat(names).isEqualTo(expected);
        Element root = doc.getDocumentElement();
        assertThat(root.getAttribute("tests")).isEqualTo(Integer.toString(expected.size()));
        assertThat(root.getAttribute("failures")).isEqualTo("1");
        assertThat(root.getAttribute("errors")).isEqualTo("1");
        assertThat(root.getAttribute("skipped")).isEqualTo("1");
        assertThat(xml).as("the runner that measured, in every suite's properties")
                .contains("<property name=\"runner\" value=\"" + run.runnerVersion() + "\"/>");

        Element failure = (Element) doc.getElementsByTagName("failure").item(0);
        assertThat(failure.getAttribute("type")).isEqualTo("REGRESSED");
        assertThat(((Element) failure.getParentNode()).getAttribute("name")).isEqualTo("POINTS-COVERED-PK@1");
        assertThat(failure.getAttribute("message")).startsWith("regressed: tps 0.9").contains("cpu/tx 210.0 -> 2");
        Element skipped = (Element) doc.getElementsByTagName("skipped").item(0);
        assertThat(skipped.getAttribute("message"))
                .startsWith("inconclusive: tps 0.9850 [0.9400, 1.0310] (95% interval, 3 pairs) cannot decide;"
                        + " interval [0.940, 1.031] crosses the warning threshold; stopped: planned only");
        Element error = (Element) doc.getElementsByTagName("error").item(0);
        assertThat(error.getAttribute("type")).isEqualTo("BUILD_FAILED");
        assertThat(error.getAttribute("message")).isEqualTo("patch f00dfacecafe: build failed: mvn exited with 1");
        assertThat(error.getTextContent()).contains("BufferPool.java:[88,5] cannot find symbol");
        assertThat(doc.getElementsByTagName("system-out").getLength()).isEqualTo(expected.size());
    }

    @Test
    void aCellNeverMeasuredIsSkippedAndMarkupAndControlCharactersStayValidXml() throws Exception {
        RunRecord r = org.taf.runner.results.ResultsFixtures.small();
        ComparisonRecord c = r.comparisons().get(0);
        CellRecord unmeasured = c.cells().get(0).withVerdict(null);
        ComparisonRecord odd = new ComparisonRecord("a<b>&\"c\u0001", "x", c.parent(), c.patch(), List.of(unmeasured));
        RunRecord run = org.taf.runner.results.ResultsFixtures.copy(r, r.runId(), r.name(), r.startedAt(), null,
                RunRecord.RunStatus.INTERRUPTED, null, List.of(odd), List.of());
        String xml = JUnitXmlWriter.render(run);
        validate(xml);
        Element tc = (Element) parse(xml).getElementsByTagName("testcase").item(0);
        assertThat(tc.getAttribute("classname")).isEqualTo("a<b>&\"c");
        assertThat(((Element) tc.getElementsByTagName("skipped").item(0)).getAttribute("message"))
                .startsWith("not measured");
        Path file = dir.resolve("out/junit.xml");
        JUnitXmlWriter.write(run, file);
        assertThat(Files.readString(file)).isEqualTo(xml);
    }

    @Test
    void theSchemaRejectsWhatJenkinsWouldNotRead() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> validate(
                "<testsuites><testsuite tests=\"1\"><testcase name=\"x\"/></testsuite></testsuites>"))
                .hasMessageContaining("name"); // a suite without a name
    }
}
