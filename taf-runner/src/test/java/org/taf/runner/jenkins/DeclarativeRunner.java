package org.taf.runner.jenkins;

import java.util.List;
import java.util.function.Supplier;
import org.taf.runner.jenkins.CurrentBuild.Result;
import org.taf.runner.jenkins.Directives.Options;
import org.taf.runner.jenkins.Directives.Parameter;
import org.taf.runner.jenkins.Directives.Pipeline;
import org.taf.runner.jenkins.Directives.Post;
import org.taf.runner.jenkins.Directives.Stage;
import org.taf.runner.jenkins.SimulatedJenkins.StageRun;
import org.taf.runner.jenkins.SimulatedJenkins.StageStatus;

/**
 * Runs a declared pipeline the way Jenkins's declarative engine does: parameters filled from their
 * defaults and the values the build was started with; stages in order; a stage's {@code when}
 * checked before its agent is taken when {@code beforeAgent} is set, after otherwise; the agent's
 * workspace checked out; the stage's timeout around its steps; an exception out of a stage makes
 * the build FAILURE and skips every later stage; post conditions of the stage (by the stage's
 * result) and of the pipeline (by the build's result at each condition) in Jenkins's order; an
 * unset result becomes SUCCESS at the end. Errors ({@link AssertionError} from the mocks) are never
 * caught: they end the test.
 */
final class DeclarativeRunner {
    private final SimulatedJenkins jenkins;
    private boolean failedEarlier;

    DeclarativeRunner(SimulatedJenkins jenkins) {
        this.jenkins = jenkins;
    }

    void run(Pipeline pipeline) {
        pipeline.validate();
        jenkins.pipeline = pipeline;
        fillParameters(pipeline.parameters);
        Runnable all = () -> timed(pipeline.options, () -> {
            pipeline.stages.forEach(this::runStage);
            post(pipeline.post, "pipeline", () -> jenkins.build.current());
        });
        onAgent(pipeline.agent, pipeline.options, all);
        jenkins.build.finish();
    }

    private void fillParameters(List<Parameter> declared) {
        jenkins.startedWith.keySet().forEach(name -> {
            if (declared.stream().noneMatch(p -> p.name().equals(name))) {
                throw new AssertionError(
                        "the build is started with parameter " + name + ", which the pipeline does not declare");
            }
        });
        for (Parameter p : declared) {
            Object value = jenkins.startedWith.getOrDefault(p.name(), p.defaultValue());
            if (p.trim() && value != null) {
                value = value.toString().trim();
            }
            if (p.type().equals("choice") && !p.choices().contains(String.valueOf(value))) {
                throw new AssertionError(
                        "parameter " + p.name() + " = " + value + " is not one of its choices " + p.choices());
            }
            jenkins.params.put(p.name(), value);
        }
    }

    private void runStage(Stage stage) {
        StageRun run = new StageRun(stage.name);
        jenkins.stages.put(stage.name, run);
        if (failedEarlier) {
            run.status = StageStatus.SKIPPED_AFTER_FAILURE;
            jenkins.log("Stage \"" + stage.name + "\" skipped due to earlier failure(s)");
            return;
        }
        jenkins.within(jenkins.frame().inStage(stage.name), () -> {
            if (stage.when != null && stage.when.beforeAgent && !passes(stage, run)) {
                return null;
            }
            onAgent(stage.agent, stage.options, () -> {
                run.node = jenkins.frame().nodeName();
                if (stage.when != null && !stage.when.beforeAgent && !passes(stage, run)) {
                    return;
                }
                try {
                    timed(stage.options, () -> Directives.onScript(stage.steps).call());
                } catch (Exception e) {
                    fail(run, stage.name, e);
                }
                post(stage.post, "stage '" + stage.name + "'", () -> run.result);
                run.status = switch (run.result) {
                    case SUCCESS -> StageStatus.SUCCESS;
                    case UNSTABLE -> StageStatus.UNSTABLE;
                    default -> StageStatus.FAILURE;
                };
            });
            return null;
        });
    }

    /** Evaluates the stage's {@code when}; false (or an exception) skips or fails the stage. */
    private boolean passes(Stage stage, StageRun run) {
        try {
            if (stage.when.test(jenkins)) {
                return true;
            }
            run.status = StageStatus.SKIPPED_BY_WHEN;
            jenkins.log("Stage \"" + stage.name + "\" skipped due to when conditional");
        } catch (Exception e) {
            fail(run, stage.name + " (when)", e);
            run.status = StageStatus.FAILURE;
        }
        return false;
    }

    private void fail(StageRun run, String where, Exception e) {
        jenkins.failed(where, e);
        failedEarlier = true;
        run.result = Result.FAILURE;
        jenkins.build.worsen(Result.FAILURE);
    }

    /** Takes an executor for the section's agent (if it names one) and checks out, for the body. */
    private void onAgent(Directives.Agent agent, Options options, Runnable body) {
        if (agent == null || !agent.allocates()) {
            body.run();
            return;
        }
        Agents.Node node = jenkins.agents.allocate(agent.label());
        try {
            jenkins.onNode(node, () -> {
                if (options == null || !options.others.contains("skipDefaultCheckout")) {
                    jenkins.checkout();
                }
                body.run();
                return null;
            });
        } finally {
            jenkins.agents.release(node);
        }
    }

    private void timed(Options options, Runnable body) {
        if (options == null || options.timeout == null) {
            body.run();
            return;
        }
        jenkins.within(jenkins.frame().timed(options.timeout), () -> {
            body.run();
            return null;
        });
    }

    /** Runs the post conditions that hold, each judged by the result as it stands when its turn comes. */
    private void post(Post post, String where, Supplier<Result> result) {
        if (post == null) {
            return;
        }
        for (String condition : Post.ORDER) {
            var block = post.blocks.get(condition);
            if (block != null && Post.holds(condition, result.get())) {
                try {
                    Directives.onScript(block).call();
                } catch (Exception e) {
                    jenkins.failed(where + " post " + condition, e);
                    failedEarlier = true;
                    jenkins.worsen(Result.FAILURE);
                }
            }
        }
    }
}
