package org.taf.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

/**
 * The narrative's Markdown (CommonMark and pipe tables): what it renders, and that nothing in the source becomes
 * markup.
 */
class MarkdownTest {
    @Test
    void rendersPipeTablesWithNumbersRightAligned() {
        assertThat(Markdown.toHtml("""
            Before.

            | budget | effect | rate <b> |
            |---|---:|:---|
            | `2m` | 5% | FP 0/400 \\| none |
            | 10m |

            After.
            """)).isEqualTo("""
                    <p>Before.</p>
                    <div class="table-wrap"><table>
                    <thead>
                    <tr>
                    <th scope="col">budget</th>
                    <th scope="col" class="num">effect</th>
                    <th scope="col">rate &lt;b&gt;</th>
                    </tr>
                    </thead>
                    <tbody>
                    <tr>
                    <td><code>2m</code></td>
                    <td class="num">5%</td>
                    <td>FP 0/400 | none</td>
                    </tr>
                    <tr>
                    <td>10m</td>
                    <td class="num"></td>
                    <td></td>
                    </tr>
                    </tbody>
                    </table></div>
                    <p>After.</p>
                    """);
    }

    @Test
    void underscoresInsideWordsAreNotEmphasis() {
        assertThat(Markdown.toHtml("set taf_statement_cpu_work and innodb_buffer_pool_size, _this_ is em"))
                .isEqualTo("<p>set taf_statement_cpu_work and innodb_buffer_pool_size, <em>this</em> is em</p>\n");
    }

    @Test
    void aPipeLineWithoutARuleBelowIsText() {
        assertThat(Markdown.toHtml("| not | a table |\n")).isEqualTo("<p>| not | a table |</p>\n");
    }

    @Test
    void rendersCommonMark() {
        assertThat(Markdown.toHtml("""
            # Title
            Some *em*, **strong**, `a < b` and [a link](https://example.org/x?a=1&b=2).
            still the same paragraph

            - one
            - two
              continued

            1. first
            > quoted

            ```
            <b>code</b>
            ```
            """)).isEqualTo("""
                    <h3>Title</h3>
                    <p>Some <em>em</em>, <strong>strong</strong>, <code>a &lt; b</code> and \
                    <a rel="nofollow" href="https://example.org/x?a=1&amp;b=2">a link</a>.
                    still the same paragraph</p>
                    <ul>
                    <li>one</li>
                    <li>two
                    continued</li>
                    </ul>
                    <ol>
                    <li>first</li>
                    </ol>
                    <blockquote>
                    <p>quoted</p>
                    </blockquote>
                    <pre><code>&lt;b&gt;code&lt;/b&gt;
                    </code></pre>
                    """);
    }

    /** The two gaps of the hand-written subset this replaced: {@code ####} and nested lists. */
    @Test
    void deepHeadingsAndNestedListsRender() {
        String html = Markdown.toHtml("""
            #### Deep
            - outer
              - inner
                1. innermost
            """, 0);
        var doc = Jsoup.parseBodyFragment(html);
        assertThat(doc.select("h4").text()).isEqualTo("Deep");
        assertThat(doc.select("ul > li > ul > li > ol > li").text()).isEqualTo("innermost");
        // shifted past h6, a heading stays h6
        assertThat(Markdown.toHtml("##### Five", 2)).isEqualTo("<h6>Five</h6>\n");
    }

    @Test
    void rawHtmlAndDangerousLinksStayText() {
        String html = Markdown.toHtml("<img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](data:text/html,hi)"
                + " [z](\"onmouseover=\"alert(1)) ![i](JavaScript:alert(1)) ** * _\n\n<script>alert(1)</script>\n");
        assertThat(html)
                .doesNotContain("<img src=x", "<script", "javascript", "JavaScript", "data:", "onmouseover=\"alert")
                .contains("&lt;img src=x onerror=alert(1)&gt;", "&lt;script&gt;");
        var doc = Jsoup.parseBodyFragment(html);
        assertThat(doc.select("script, [onmouseover], [onerror]")).isEmpty();
        assertThat(doc.select("a, img")).isEmpty();
        assertThat(doc.text()).contains("x y", "i");
        assertThat(Markdown.toHtml("[rel](../data/x.json)")).contains("<a href=\"../data/x.json\">rel</a>");
        assertThat(Markdown.toHtml("")).isEmpty();
    }

    @Test
    void aPageGetsGitHubsHeadingAnchorsAndANarrativeNone() {
        String html = Markdown.toHtml("""
            ## Seventh study (2026-12-03, 14:23-15:44 UTC): 1 s windows, NO_CHANGE by two one-sided tests
            ### Pools measured parent first (`measure.order = interleaved`)
            ### Against issue 18's targets
            ### Against issue 18's targets
            """, 0);
        assertThat(Jsoup.parseBodyFragment(html).select("h2, h3").eachAttr("id")).containsExactly(
                "seventh-study-2026-12-03-1423-1544-utc-1-s-windows-no_change-by-two-one-sided-tests",
                "pools-measured-parent-first-measureorder--interleaved",
                "against-issue-18s-targets", "against-issue-18s-targets-1");
        assertThat(Markdown.toHtml("## Results\n")).isEqualTo("<h4>Results</h4>\n");
    }

    @Test
    void imagesAreListedWhereTheyPoint() {
        assertThat(Markdown.images("![a chart](chart.svg)\n\n[a link](x.svg) ![b](https://example.org/b.png)\n"))
                .containsExactly("chart.svg", "https://example.org/b.png");
        assertThat(Markdown.toHtml("![a chart](chart.svg)", 0))
                .isEqualTo("<p><img src=\"chart.svg\" alt=\"a chart\" /></p>\n");
    }
}
