package org.taf.runner.jenkins;

import com.lesfurets.jenkins.unit.PipelineTestHelper;
import groovy.lang.Closure;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.taf.runner.jenkins.CurrentBuild.Result;
import org.taf.runner.jenkins.SimulatedJenkins.Archive;
import org.taf.runner.jenkins.SimulatedJenkins.HtmlReport;
import org.taf.runner.jenkins.SimulatedJenkins.JunitReport;
import org.taf.runner.jenkins.SimulatedJenkins.LockUse;
import org.taf.runner.jenkins.SimulatedJenkins.ParallelRun;
import org.taf.runner.jenkins.SimulatedJenkins.Stash;

/**
 * The steps a pipeline may call, registered on JenkinsPipelineUnit's helper and behaving as their
 * Jenkins plugins do on a {@link SimulatedJenkins}: {@code pipeline} (the declarative shim), the
 * basic steps (echo, error, unstable, catchError, script, dir, deleteDir, readFile, fileExists,
 * writeFile, timeout), {@code node}, {@code checkout}, {@code parallel}, {@code lock}
 * (lockable-resources), {@code stash}/{@code unstash}, {@code archiveArtifacts}, {@code junit},
 * {@code publishHTML} (htmlpublisher), {@code findFiles} and {@code nodesByLabel} (pipeline-utility-steps; every
 * agent is online), and {@code sh}
 * through the {@link ShellMock}. Named arguments a step does not take are refused, as Jenkins does.
 */
final class Steps {
    private static final Pattern FAILED_CASE = Pattern.compile("<(failure|error)[\\s>/]");
    private final SimulatedJenkins jenkins;
    private final ShellMock shell;

    Steps(SimulatedJenkins jenkins, ShellMock shell) {
        this.jenkins = jenkins;
        this.shell = shell;
    }

    void registerOn(PipelineTestHelper helper) {
        step(helper, "pipeline", List.of(Closure.class), a -> pipeline(closure(a[0])));
        step(helper, "sh", List.of(String.class), a -> shell.sh(a[0]));
        step(helper, "sh", List.of(Map.class), a -> shell.sh(a[0]));
        step(helper, "echo", List.of(String.class), a -> log(String.valueOf(a[0])));
        step(helper, "error", List.of(String.class), a -> {
            throw new AbortException(String.valueOf(a[0]));
        });
        step(helper, "unstable", List.of(String.class), a -> unstable(String.valueOf(a[0])));
        step(helper, "unstable", List.of(Map.class), a -> unstable(String.valueOf(
                check(a[0], "unstable", Set.of("message"), Set.of()).get("message"))));
        step(helper, "catchError", List.of(Map.class, Closure.class), a -> catchError(map(a[0]), closure(a[1])));
        step(helper, "catchError", List.of(Closure.class), a -> catchError(Map.of(), closure(a[0])));
        step(helper, "script", List.of(Closure.class), a -> closure(a[0]).call());
        step(helper, "node", List.of(String.class, Closure.class), a -> node(String.valueOf(a[0]), closure(a[1])));
        step(helper, "node", List.of(Closure.class), a -> node(null, closure(a[0])));
        step(helper, "checkout", List.of(Map.class), a -> checkout());
        step(helper, "dir", List.of(String.class, Closure.class), a -> dir(String.valueOf(a[0]), closure(a[1])));
        step(helper, "deleteDir", List.of(), a -> deleteDir());
        step(helper, "timeout", List.of(Map.class, Closure.class), a -> timeout(map(a[0]), closure(a[1])));
        step(helper, "lock", List.of(Map.class, Closure.class), a -> lock(
                String.valueOf(check(a[0], "lock", Set.of("resource"), Set.of("inversePrecedence")).get("resource")),
                closure(a[1])));
        step(helper, "lock", List.of(String.class, Closure.class), a -> lock(String.valueOf(a[0]), closure(a[1])));
        step(helper, "parallel", List.of(Map.class), a -> parallel(map(a[0])));
        step(helper, "stash", List.of(Map.class), a -> stash(map(a[0])));
        step(helper, "unstash", List.of(String.class), a -> unstash(String.valueOf(a[0])));
        step(helper, "unstash", List.of(Map.class), a -> unstash(String.valueOf(
                check(a[0], "unstash", Set.of("name"), Set.of()).get("name"))));
        step(helper, "archiveArtifacts", List.of(Map.class), a -> archive(map(a[0])));
        step(helper, "archiveArtifacts", List.of(String.class), a -> archive(Map.of("artifacts", a[0])));
        step(helper, "junit", List.of(Map.class), a -> junit(map(a[0])));
        step(helper, "junit", List.of(String.class), a -> junit(Map.of("testResults", a[0])));
        step(helper, "publishHTML", List.of(Map.class), a -> publishHtml(map(a[0])));
        step(helper, "findFiles", List.of(Map.class), a -> findFiles(map(a[0])));
        step(helper, "readFile", List.of(String.class), a -> readFile(String.valueOf(a[0])));
        step(helper, "readFile", List.of(Map.class), a -> readFile(String.valueOf(
                check(a[0], "readFile", Set.of("file"), Set.of("encoding")).get("file"))));
        step(helper, "fileExists", List.of(String.class), a -> fileExists(String.valueOf(a[0])));
        step(helper, "writeFile", List.of(Map.class), a -> writeFile(map(a[0])));
        step(helper, "copyArtifacts", List.of(Map.class), a -> copyArtifacts(map(a[0])));
        step(helper, "lastCompleted", List.of(), a -> "lastCompleted");
        step(helper, "nodesByLabel", List.of(Map.class), a -> jenkins.agents.names(String.valueOf(
                check(a[0], "nodesByLabel", Set.of("label"), Set.of("offline")).get("label"))));
        step(helper, "nodesByLabel", List.of(String.class), a -> jenkins.agents.names(String.valueOf(a[0])));
    }

    /**
     * copyartifact's step, from the previous build only ({@code selector: lastCompleted()}): the archived
     * files matching {@code filter} land at the same paths under {@code target}; none found is an error
     * unless {@code optional}.
     */
    private Object copyArtifacts(Map<String, Object> args) {
        check(args, "copyArtifacts", Set.of("projectName"), Set.of("selector", "filter", "target", "optional",
                "fingerprintArtifacts", "excludes", "flatten"));
        if (!"lastCompleted".equals(args.get("selector"))) {
            throw new IllegalArgumentException("copyArtifacts: the simulation knows selector lastCompleted() only");
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        args.forEach((k, v) -> copy.put(k, v instanceof Boolean ? v : String.valueOf(v))); // GStrings as text
        jenkins.copiedArtifacts.add(copy);
        Agents.Node n = jenkins.node("copyArtifacts");
        var in = AntGlob.anyOf(text(args, "filter", "**"));
        String target = Workspace.resolve(jenkins.frame().cwd(), text(args, "target", "."));
        int copied = 0;
        for (var e : jenkins.previousBuildArtifacts.entrySet()) {
            if (in.test(e.getKey())) {
                n.workspace.write(Workspace.resolve(target, e.getKey()), e.getValue());
                copied++;
            }
        }
        if (copied == 0 && !flag(args, "optional")) {
            throw new AbortException(
                    "Failed to copy artifacts from " + args.get("projectName") + ": no artifacts match");
        }
        jenkins.log("Copied " + copied + " artifact(s) from the last completed build of " + args.get("projectName"));
        return null;
    }

    /** Refuses named arguments a step does not take, and missing required ones. */
    static Map<?, ?> check(Object args, String step, Set<String> required, Set<String> optional) {
        if (!(args instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException(step + " takes named arguments, got " + args);
        }
        for (Object key : m.keySet()) {
            if (!required.contains(String.valueOf(key)) && !optional.contains(String.valueOf(key))) {
                throw new IllegalArgumentException(step + " does not take the parameter '" + key + "' (it takes "
                        + required + " " + optional + ")");
            }
        }
        for (String key : required) {
            if (m.get(key) == null) {
                throw new IllegalArgumentException(step + " needs the parameter '" + key + "'");
            }
        }
        return m;
    }

    private static void step(PipelineTestHelper helper, String name, List<Class<?>> args, Fn.Body body) {
        @SuppressWarnings({"unchecked", "rawtypes"})
        List<Class> raw = (List) args;
        helper.registerAllowedMethod(name, raw, new Fn(body));
    }

    private static Closure<?> closure(Object o) {
        return (Closure<?>) o;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o) {
        return (Map<String, Object>) o;
    }

    private static boolean flag(Map<?, ?> args, String key) {
        return Boolean.TRUE.equals(args.get(key));
    }

    private static String text(Map<?, ?> args, String key, String otherwise) {
        Object v = args.get(key);
        return v == null ? otherwise : v.toString();
    }

    private Object pipeline(Closure<?> body) {
        if (jenkins.pipeline != null) {
            throw new IllegalStateException("a second pipeline {} block");
        }
        new DeclarativeRunner(jenkins).run(Directives.read(body, new Directives.Pipeline()));
        return null;
    }

    private Object log(String line) {
        jenkins.log(line);
        return null;
    }

    private Object unstable(String message) {
        jenkins.log("WARNING: " + message);
        jenkins.worsen(Result.UNSTABLE);
        return null;
    }

    /** Jenkins's catchError: buildResult defaults to FAILURE, stageResult to SUCCESS. */
    private Object catchError(Map<String, Object> args, Closure<?> body) {
        check(args, "catchError", Set.of(), Set.of("buildResult", "stageResult", "message", "catchInterruptions"));
        Result build = Result.of(text(args, "buildResult", "FAILURE"));
        Result stage = Result.of(text(args, "stageResult", "SUCCESS"));
        try {
            return body.call();
        } catch (Exception e) {
            jenkins.failed("catchError in stage " + jenkins.frame().stage(), e);
            if (args.get("message") != null) {
                jenkins.log(args.get("message").toString());
            }
            jenkins.build.worsen(build);
            SimulatedJenkins.StageRun s = jenkins.stage();
            if (s != null) {
                s.result = stage.worst(s.result);
            }
            return null;
        }
    }

    private Object node(String label, Closure<?> body) {
        Agents.Node n = jenkins.agents.allocate(label);
        try {
            return jenkins.onNode(n, body::call);
        } finally {
            jenkins.agents.release(n);
        }
    }

    private Object checkout() {
        jenkins.checkout();
        return Map.of();
    }

    private Object dir(String path, Closure<?> body) {
        jenkins.node("dir");
        return jenkins.within(jenkins.frame().in(path), body::call);
    }

    private Object deleteDir() {
        jenkins.node("deleteDir").workspace.delete(jenkins.frame().cwd());
        return null;
    }

    /**
     * Runs the body under the limit. No time passes here, so the limit is reached only by a wait that would never end:
     * a {@code node} inside it that no agent can serve ends as Jenkins ends it when the time is up.
     */
    private Object timeout(Map<String, Object> args, Closure<?> body) {
        check(args, "timeout", Set.of("time"), Set.of("unit", "activity"));
        String limit = Directives.Options.timeoutText(args, "timeout step");
        try {
            return jenkins.within(jenkins.frame().timed(limit), body::call);
        } catch (Agents.NoFreeAgent e) {
            jenkins.log("Still waiting to schedule task: " + e.getMessage());
            jenkins.log("Cancelling nested steps due to timeout (" + limit + ")");
            throw new FlowInterruptedException("Timeout has been exceeded (" + limit + ")");
        }
    }

    /** lockable-resources: not re-entrant, so taking a resource already held here would wait forever. */
    private Object lock(String resource, Closure<?> body) {
        if (resource.isBlank() || resource.equals("null")) {
            throw new IllegalArgumentException("lock needs a resource name");
        }
        if (jenkins.frame().locks().contains(resource)) {
            throw new AssertionError("lock '" + resource + "' taken inside itself: Jenkins would wait for it forever");
        }
        jenkins.locks.add(new LockUse(resource, jenkins.frame()));
        jenkins.log("Lock acquired on [Resource: " + resource + "]");
        try {
            return jenkins.within(jenkins.frame().holding(resource), body::call);
        } finally {
            jenkins.log("Lock released on resource [Resource: " + resource + "]");
        }
    }

    /**
     * Runs every branch (one after another: the simulation has one thread), each in its own frame;
     * a failing branch does not stop the others unless failFast; the step fails after all ran.
     */
    private Object parallel(Map<String, Object> branches) {
        Map<String, Object> copy = new LinkedHashMap<>(branches);
        boolean failFast = Boolean.TRUE.equals(copy.remove("failFast"));
        copy.forEach((name, body) -> {
            if (!(body instanceof Closure)) {
                throw new IllegalArgumentException("parallel branch '" + name + "' is not a closure: " + body);
            }
        });
        jenkins.parallels.add(new ParallelRun(jenkins.frame(), List.copyOf(copy.keySet())));
        List<String> failed = new ArrayList<>();
        String firstMessage = null;
        for (Map.Entry<String, Object> branch : copy.entrySet()) {
            if (failFast && !failed.isEmpty()) {
                jenkins.log("Branch " + branch.getKey() + " aborted: failFast");
                continue;
            }
            try {
                jenkins.within(jenkins.frame().inBranch(branch.getKey()), () -> closure(branch.getValue()).call());
            } catch (Exception e) {
                jenkins.failed("parallel branch " + branch.getKey(), e);
                failed.add(branch.getKey());
                firstMessage = firstMessage == null ? e.getMessage() : firstMessage;
            }
        }
        if (!failed.isEmpty()) {
            throw new AbortException("Failed in branch " + String.join(", ", failed) + ": " + firstMessage);
        }
        return null;
    }

    private Object stash(Map<String, Object> args) {
        check(args, "stash", Set.of("name"), Set.of("includes", "excludes", "allowEmpty", "useDefaultExcludes"));
        String name = args.get("name").toString();
        Agents.Node n = jenkins.node("stash");
        String cwd = jenkins.frame().cwd();
        Map<String, String> files = new LinkedHashMap<>();
        for (String f : n.workspace.find(cwd, text(args, "includes", "**"), text(args, "excludes", null))) {
            files.put(f, n.workspace.read(Workspace.resolve(cwd, f)));
        }
        if (files.isEmpty() && !flag(args, "allowEmpty")) {
            throw new AbortException("No files included in stash ‘" + name + "’");
        }
        jenkins.stashes.put(name, new Stash(name, n.name, files));
        jenkins.log("Stashed " + files.size() + " file(s) as " + name);
        return null;
    }

    private Object unstash(String name) {
        Stash s = jenkins.stashes.get(name);
        if (s == null) {
            throw new AbortException("No such saved stash ‘" + name + "’");
        }
        Agents.Node n = jenkins.node("unstash");
        s.files().forEach((path, text) -> n.workspace.write(Workspace.resolve(jenkins.frame().cwd(), path), text));
        jenkins.unstashed.add(name);
        return null;
    }

    private Object archive(Map<String, Object> args) {
        check(args, "archiveArtifacts", Set.of("artifacts"), Set.of("allowEmptyArchive", "excludes", "fingerprint",
                "onlyIfSuccessful", "defaultExcludes", "caseSensitive", "followSymlinks"));
        String pattern = args.get("artifacts").toString();
        if (flag(args, "onlyIfSuccessful") && jenkins.build.current() != Result.SUCCESS) {
            jenkins.log("Skipped archiving because build is not successful");
            return null;
        }
        Agents.Node n = jenkins.node("archiveArtifacts");
        String cwd = jenkins.frame().cwd();
        List<String> files = n.workspace.find(cwd, pattern, text(args, "excludes", null));
        if (files.isEmpty() && !flag(args, "allowEmptyArchive")) {
            throw new AbortException(
                    "No artifacts found that match the file pattern \"" + pattern + "\". Configuration error?");
        }
        files.forEach(f -> jenkins.artifacts.put(f, n.workspace.read(Workspace.resolve(cwd, f))));
        jenkins.archives.add(new Archive(pattern, jenkins.frame(), files));
        return null;
    }

    /**
     * Records reports; a failed or errored test case makes the build (and stage) UNSTABLE, as the junit plugin does.
     */
    private Object junit(Map<String, Object> args) {
        check(args, "junit", Set.of("testResults"), Set.of("allowEmptyResults", "keepLongStdio",
                "skipPublishingChecks", "skipMarkingBuildUnstable"));
        String patterns = args.get("testResults").toString();
        Agents.Node n = jenkins.node("junit");
        String cwd = jenkins.frame().cwd();
        List<String> files = n.workspace.find(cwd, patterns, null);
        if (files.isEmpty() && !flag(args, "allowEmptyResults")) {
            throw new AbortException("No test report files were found. Configuration error?");
        }
        int failures = 0;
        for (String f : files) {
            Matcher m = FAILED_CASE.matcher(n.workspace.read(Workspace.resolve(cwd, f)));
            while (m.find()) {
                failures++;
            }
        }
        jenkins.junitReports.add(new JunitReport(patterns, jenkins.frame(), files, failures));
        if (failures > 0 && !flag(args, "skipMarkingBuildUnstable")) {
            jenkins.worsen(Result.UNSTABLE);
        }
        return Map.of("failCount", failures);
    }

    private Object publishHtml(Map<String, Object> args) {
        check(args, "publishHTML", Set.of("target"), Set.of());
        Map<?, ?> target = check(
                args.get("target"),
                "publishHTML target",
                Set.of("reportName", "reportDir", "reportFiles"),
                Set.of(
                        "keepAll",
                        "alwaysLinkToLastBuild",
                        "allowMissing",
                        "reportTitles",
                        "includes",
                        "escapeUnderscores",
                        "useWrapperFileDirectly"));
        Agents.Node n = jenkins.node("publishHTML");
        String dir = Workspace.resolve(jenkins.frame().cwd(), target.get("reportDir").toString());
        boolean found = true;
        for (String file : target.get("reportFiles").toString().split(",")) {
            found &= n.workspace.read(Workspace.resolve(dir, file.trim())) != null;
        }
        if (!found && !flag(target, "allowMissing")) {
            throw new AbortException("Specified HTML directory '" + dir + "' does not exist (or lacks "
                    + target.get("reportFiles") + ")");
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        target.forEach((k, v) -> copy.put(k.toString(), v instanceof Boolean ? v : String.valueOf(v)));
        jenkins.htmlReports.add(new HtmlReport(copy, jenkins.frame(), found));
        return null;
    }

    /** pipeline-utility-steps returns an array of FileWrapper, paths relative to the current directory. */
    private Object findFiles(Map<String, Object> args) {
        check(args, "findFiles", Set.of("glob"), Set.of("excludes"));
        Agents.Node n = jenkins.node("findFiles");
        String cwd = jenkins.frame().cwd();
        return n.workspace.find(cwd, args.get("glob").toString(), text(args, "excludes", null)).stream()
                .map(f -> new FoundFile(f, n.workspace.read(Workspace.resolve(cwd, f)).length()))
                .toArray(FoundFile[]::new);
    }

    /** A missing file is an I/O error in Jenkins, not an AbortException: reading one is a script bug. */
    private Object readFile(String path) {
        Agents.Node n = jenkins.node("readFile");
        String text = n.workspace.read(Workspace.resolve(jenkins.frame().cwd(), path));
        if (text == null) {
            throw new UncheckedIOException(new NoSuchFileException(path + " on " + n.name));
        }
        return text;
    }

    private Object fileExists(String path) {
        return jenkins.node("fileExists").workspace.exists(Workspace.resolve(jenkins.frame().cwd(), path));
    }

    private Object writeFile(Map<String, Object> args) {
        check(args, "writeFile", Set.of("file", "text"), Set.of("encoding"));
        jenkins.node("writeFile").workspace.write(Workspace.resolve(jenkins.frame().cwd(), args.get("file").toString()),
                args.get("text").toString());
        return null;
    }
}
