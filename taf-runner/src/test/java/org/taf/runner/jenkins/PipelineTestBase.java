package org.taf.runner.jenkins;

import com.lesfurets.jenkins.unit.BasePipelineTest;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeEach;
import org.taf.runner.jenkins.SimulatedJenkins.Failure;
import org.taf.runner.jenkins.SimulatedJenkins.ShellCall;
import org.taf.runner.jenkins.SimulatedJenkins.StageRun;

/**
 * Base of the pipeline tests: JenkinsPipelineUnit 1.1 (its {@code setUp()} carries no JUnit
 * annotation, so it is called from {@code @BeforeEach}) with a declarative shim and Jenkins-like
 * steps ({@link Steps}) over a {@link SimulatedJenkins}, and {@code sh} replaced by a
 * {@link ShellMock} that fails the test on any script not registered. Scripts load from the
 * repository root (the real {@code Jenkinsfile}) and from this package's test resources.
 *
 * <p>{@link #run(String)} fails the test when the script broke on its own (a missing method or
 * property, a wrong argument, a missing file): only Jenkins's own failures ({@link AbortException}:
 * {@code error}, a failing {@code sh}, ...) may make a build FAILURE in these tests.
 */
abstract class PipelineTestBase extends BasePipelineTest {
    /** The repository root: tests run in the taf-runner module directory. */
    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /**
     * One helper for every test in this JVM: it compiles each script once (JPU 1.1's {@code setUp()}
     * makes a new script engine, and compiling the Jenkinsfile takes a second or more, running it
     * milliseconds). Each test then registers every step again, bound to its own build.
     */
    private static StrictHelper shared;

    protected SimulatedJenkins jenkins;
    protected ShellMock shell;

    @BeforeEach
    void setUpPipeline() throws Exception {
        if (shared == null) {
            StrictHelper helper = new StrictHelper();
            setHelper(helper);
            setScriptRoots(new String[] {ROOT.toString(), resources().toString()});
            setUp(); // JenkinsPipelineUnit 1.1: builds the helper's script engine (no JUnit annotation of its own)
            shared = helper;
        }
        setHelper(shared);
        shared.clearCallStack();
        shared.forgetSteps();
        jenkins = new SimulatedJenkins();
        shell = new ShellMock(jenkins);
        jenkins.bind(getBinding());
        new Steps(jenkins, shell).registerOn(shared);
        jenkins.agents.add("builder", 2, "linux");
        jenkins.agents.add("perf1", 1, "benchmark", "linux");
        jenkins.agents.add("perf2", 1, "benchmark", "linux");
    }

    /** Runs a script (a path under the repository root or the test resources) as one build. */
    protected void run(String script) {
        runScript(script);
        List<Failure> bugs = jenkins.failures.stream().filter(Failure::isScriptBug).toList();
        if (!bugs.isEmpty()) {
            AssertionError e = new AssertionError("the script failed on its own (not through a Jenkins step) in "
                    + bugs.get(0).where() + ": " + bugs.get(0).error(), bugs.get(0).error());
            bugs.stream().skip(1).forEach(b -> e.addSuppressed(b.error()));
            throw e;
        }
    }

    /** The build's result once it ran: SUCCESS, UNSTABLE, FAILURE, ... */
    protected String result() {
        return jenkins.build.getResult();
    }

    protected StageRun stage(String name) {
        return Objects.requireNonNull(
                jenkins.stages.get(name), () -> "no stage '" + name + "' ran: " + jenkins.stages.values());
    }

    /** The shell calls with a line starting with {@code command}. */
    protected List<ShellCall> calls(String command) {
        return jenkins.shellCalls.stream().filter(c -> c.runs(command)).toList();
    }

    protected String console() {
        return String.join("\n", jenkins.log);
    }

    private static Path resources() throws URISyntaxException {
        return Path.of(PipelineTestBase.class.getResource(".").toURI());
    }
}
