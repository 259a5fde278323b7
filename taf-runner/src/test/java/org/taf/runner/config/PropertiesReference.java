package org.taf.runner.config;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Generates {@code docs/properties.md} from the key registry, so the reference cannot drift from
 * the code ({@code PropertiesReferenceTest} fails when the committed file is stale).
 */
public final class PropertiesReference {
    /** The command that rewrites the committed file. */
    public static final String REGENERATE =
            "mvn -B -o -pl taf-runner -am test -Dtest=PropertiesReferenceTest -Dsurefire.failIfNoSpecifiedTests=false"
                    + " -Dtaf.golden.update=true";

    private PropertiesReference() {}

    /** The whole Markdown document. */
    public static String markdown(KeyRegistry registry) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Test definition properties\n\n");
        sb.append("<!-- Generated from org.taf.runner.config.Keys; do not edit. Regenerate with:\n     ")
                .append(REGENERATE).append(" -->\n\n");
        sb.append("""
                A test definition is a `.properties` file (`properties/quick.properties` is the smallest).
                `taf explain FILE` prints every effective value and where it came from; `taf validate FILE`
                checks a file without running anything.

                ## Layering

                Lowest precedence first; a later layer overrides an earlier one:

                1. built-in defaults (below);
                2. files named by `include` (relative to the including file; nested; later ones override
                   earlier ones, and a file overrides its own includes; a cycle is an error);
                3. the profile `profiles/<profile>.properties`, looked up next to the file and in its parent
                   directories (then under `properties/` of the working directory); it may set only
                   `profile.*` keys; the implicit `default` profile may be absent;
                4. the file itself;
                5. `-Dkey=value` (or `-D key=value`) on the command line;
                6. environment variables `TAF_<KEY>`: the key in upper case with `.` as `_`, e.g.
                   `TAF_WORKLOAD_TABLE_SIZE=100000`; `TAF_ENGINE_<VARIABLE>`, `TAF_PARENT_ENGINE_<VARIABLE>`
                   and `TAF_PATCH_ENGINE_<VARIABLE>` set engine variables. `comparison.*` keys cannot be set
                   from the environment; an unknown `TAF_*` variable is a warning.

                A key set twice in one file is an error (the later line would silently win); an unknown key
                is an error with a suggestion; every bad value is reported with file:line, key, value and rule,
                all problems of a load at once. Relative paths resolve against the directory of the file that
                sets them (defaults, `-D` and the environment: the working directory); `~/` is the home directory.

                ## Values

                | type | written as |
                |---|---|
                | duration | a number and a unit, `500ms`, `30s`, `5m`, `1h`, or combined, `1m30s` |
                | size | bytes, or with a binary suffix `K`, `M`, `G`, `T`: `4K`, `128M`, `2G` |
                | frequency | `2100MHz`, `2.1GHz`, `800000kHz` |
                | percent | `5`, `2.5` or `5%` |
                | bool | `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`) |
                | list | comma-separated, blanks around commas ignored: `1, 2, 4` |
                | revision | what git resolves: a sha, branch, tag, `HEAD~1`; resolved when the run starts |
                | cpuset | Linux CPU list: `0-3,8` |

                An empty value means "not set" for keys whose type says "or empty".

                """);
        sb.append("## Keys\n");
        for (Map.Entry<String, List<KeySpec>> group : groups(registry).entrySet()) {
            sb.append("\n### ").append(group.getKey()).append("\n\n");
            sb.append("| key | type | default | description |\n|---|---|---|---|\n");
            for (KeySpec spec : group.getValue()) {
                String def = spec instanceof Key<?> k ? (k.defaultValue().isEmpty() ? "" : code(k.defaultValue())) : "";
                sb.append("| ").append(code(spec.template())).append(" | ").append(cell(spec.type().describe()))
                        .append(" | ").append(def).append(" | ").append(cell(spec.description())).append(" |\n");
            }
        }
        sb.append("""

                ## Renamed keys

                A key's old name is still read as the key; `taf validate`, `taf explain` and `taf run` say the new
                name in one line.

                | old name | key |
                |---|---|
                """);
        registry.aliases().stream().filter(Alias::renamed).forEach(a -> sb.append("| ").append(code(a.name()))
                .append(" | ").append(code(a.canonical())).append(" |\n"));
        sb.append("""

                ## Coming from TAF (perl)

                A definition written for MariaDB's TAF (perl) is read as it is. `taf explain FILE` shows what
                each of its lines became (`(as <name>)` in the origin); `taf convert FILE [-o OUT]` writes it
                with canonical keys, the dropped keys as comments saying why, and loading the result gives the
                same values.

                - **Names.** TAF's names below stand for our keys, bare or with TAF's `taf.` prefix
                  (`threads`, `taf.threads`). Durations TAF wrote as plain seconds (marked *seconds*) read a
                  number without a unit as seconds (`taf.duration=300` is `300s`). TAF's `null` means not set,
                  and quotes around a value (`taf.comments="AHI ON"`) are not part of it.
                - **Server options.** The lines between `[db_config_start]` and `[db_config_end]` are the
                  server's option file. The options of its `[mysqld]`, `[server]`, `[mariadb]` and `[mariadbd]`
                  sections become `engine.<variable>` keys with their own file:line: `name = value`, or `name`
                  alone (an empty value, passed as a bare flag that the engine reads as ON); `-` and `_` are the
                  same; `#` and `;` start comments. `loose-name` stays `engine.loose_name`, so the engine, like
                  MariaDB, ignores it when it does not know it; any other option the engine does not know stops
                  the engine when it starts, as for every `engine.*` key. Options the launcher sets
                  (`bind-address`, `port`, `socket`, `datadir`, `user`, ...) and other sections (`[client]`)
                  are warned about and ignored. An option set both in the block and as `engine.*` is a
                  duplicate key.
                - **Perl-only keys** (below) are warned about once each, naming the key and why it has no
                  effect, and dropped. `taf.test_suite` must be `sysbench-lua` or `hammerdb-tprocc` (whose one
                  test, `tprocc`, is the workload `TPROC-C`): another suite is an error.
                  Any other unknown key is an error with a suggestion, as always.
                - **Tests.** `taf.tests` takes the workload names of `workload.tests`. A test of TAF (perl)'s
                  sysbench-lua suite that is not implemented here is an error naming it, saying why, and
                  listing those that are.

                | TAF name | key | note |
                |---|---|---|
                """);
        for (Alias a : registry.aliases()) {
            if (a.renamed()) {
                continue;
            }
            if (!a.name().startsWith("taf.") || !registry.aliases().stream().anyMatch(b -> b.name().equals(
                    a.name().substring(4)))) {
                sb.append("| ").append(code(a.name())).append(" | ").append(code(a.canonical())).append(" | ")
                        .append(a.unitNote()).append(" |\n");
            }
        }
        sb.append("\n### Perl-only keys\n\n| keys | why they have no effect here |\n|---|---|\n");
        TafPerl.perlOnly().forEach((reason, names) -> sb.append("| ")
                .append(String.join(", ", names.stream().map(PropertiesReference::code).toList())).append(" | ")
                .append(cell(reason)).append(" |\n"));
        sb.append("\n### TAF (perl) tests not implemented here\n\n| test | why, and what to run instead |\n"
                + "|---|---|\n");
        org.taf.runner.workload.UnimplementedTests.all().forEach((name, reason) -> sb.append("| ").append(code(name))
                .append(" | ").append(cell(reason)).append(" |\n"));
        return sb.toString();
    }

    /** Keys grouped by what they configure, in declaration order. */
    private static Map<String, List<KeySpec>> groups(KeyRegistry registry) {
        Map<String, List<KeySpec>> groups = new LinkedHashMap<>();
        for (KeySpec spec : registry.specs()) {
            groups.computeIfAbsent(group(spec.template()), g -> new ArrayList<>()).add(spec);
        }
        return groups;
    }

    private static String group(String name) {
        String first = name.contains(".") ? name.substring(0, name.indexOf('.')) : "";
        return switch (first) {
            case "" -> switch (name) {
                case "parent", "patch", "patch_diff", "comparisons" -> "comparisons";
                case "jfr" -> "jfr";
                default -> "definition";
            };
            case "parent", "patch", "comparison" -> "comparisons";
            case "cache" -> "build";
            default -> first;
        };
    }

    private static String code(String s) {
        return "`" + s.replace("|", "\\|") + "`";
    }

    /** Table cell text: pipes escaped, and angle brackets so that {@code <name>} is not read as HTML. */
    private static String cell(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;");
    }
}
