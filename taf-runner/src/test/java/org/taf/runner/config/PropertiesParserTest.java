package org.taf.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PropertiesParserTest {

    @Test
    void keepsTheLineOfEachEntryAcrossCommentsBlanksAndContinuations() {
        String text = String.join("\n",
                "# comment",
                "! also a comment",
                "",
                "a = 1",
                "b: two words  ",
                "  c   3",
                "d = first \\",
                "    second \\",
                "    third",
                "e=",
                "f");
        List<PropertyLine> lines = PropertiesParser.parse(text, "t.properties");
        assertThat(lines).containsExactly(
                new PropertyLine("a", "1", 4),
                new PropertyLine("b", "two words  ", 5),
                new PropertyLine("c", "3", 6),
                new PropertyLine("d", "first second third", 7),
                new PropertyLine("e", "", 10),
                new PropertyLine("f", "", 11));
    }

    @Test
    void handlesCrlfAndCrLineEnds() {
        List<PropertyLine> lines = PropertiesParser.parse("a=1\r\nb=2\rc=3", "t");
        assertThat(lines).extracting(PropertyLine::line).containsExactly(1, 2, 3);
    }

    @Test
    void unescapesLikeJavaUtilProperties() throws Exception {
        String text = String.join("\n",
                "key\\ with\\ spaces = v",
                "k\\=eq = a\\=b",
                "k\\:colon = \\u00e9t\\u00E9",
                "tabs = a\\tb\\nc",
                "hash = \\#not a comment",
                "even = ends in two backslashes \\\\",
                "next = 1");
        List<PropertyLine> lines = PropertiesParser.parse(text, "t");
        Properties reference = new Properties();
        reference.load(new StringReader(text));
        assertThat(lines).hasSize(reference.size());
        for (PropertyLine l : lines) {
            assertThat(l.value()).as(l.key()).isEqualTo(reference.getProperty(l.key()));
        }
        assertThat(lines.get(2).value()).isEqualTo("été");
        assertThat(lines.get(5).value()).isEqualTo("ends in two backslashes \\");
        assertThat(lines.get(6).line()).isEqualTo(7);
    }

    @Test
    void aCommentLineDoesNotContinueButAContinuationMayLookLikeAComment() {
        String text = String.join("\n", "# ends in backslash \\", "a = x \\", "  # part of a", "b = y");
        assertThat(PropertiesParser.parse(text, "t")).containsExactly(
                new PropertyLine("a", "x # part of a", 2), new PropertyLine("b", "y", 4));
    }

    @Test
    void aTrailingContinuationAtEndOfFileIsDropped() {
        assertThat(PropertiesParser.parse("a = x \\", "t")).containsExactly(new PropertyLine("a", "x ", 1));
    }

    @Test
    void reportsEveryMalformedUnicodeEscapeWithItsLine() {
        assertThatThrownBy(() -> PropertiesParser.parse("a = ok\nb = \\u12\nc = \\uZZZZ", "bad.properties"))
                .isInstanceOf(ConfigException.class)
                .satisfies(e -> assertThat(((ConfigException) e).problems()).containsExactly(
                        "bad.properties:2: malformed \\uXXXX escape: \\u12",
                        "bad.properties:3: malformed \\uXXXX escape: \\uZZZZ"));
    }
}
