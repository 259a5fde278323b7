package org.taf.runner.jenkins;

import groovy.lang.Closure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.codehaus.groovy.runtime.typehandling.DefaultTypeTransformation;

/**
 * The declarative sections as the shim reads them: each block of {@code pipeline {}} runs with one
 * of these objects as its delegate (delegate first), so {@code agent}, {@code when}, {@code post},
 * ... are methods here, and anything else in a block falls through to the script, where an unknown
 * name fails the test. Rules Jenkins checks when it compiles a Jenkinsfile are checked here too:
 * a section at most once, {@code agent} and {@code stages} required, unique stage names, steps in
 * every stage, a timeout with a positive time and a real unit.
 */
public final class Directives {
    private Directives() {
    }

    /** Runs a declarative block against {@code spec} and returns it. */
    static <T> T read(Closure<?> block, T spec) {
        Closure<?> c = (Closure<?>) block.clone();
        c.setDelegate(spec);
        c.setResolveStrategy(Closure.DELEGATE_FIRST);
        c.call();
        return spec;
    }

    /** A closure of the Jenkinsfile made to resolve every name against the script (steps, script methods, globals). */
    static Closure<?> onScript(Closure<?> c) {
        Object script = c.getThisObject();
        return c.rehydrate(script, script, script);
    }

    private static void once(boolean seen, String section, String where) {
        if (seen) {
            throw new IllegalStateException("Multiple occurrences of the " + section + " section in " + where);
        }
    }

    /** {@code agent none}, {@code agent any}, {@code agent { label 'x' }}. */
    public record Agent(String kind, String label) {
        static final Agent NONE = new Agent("none", null);
        static final Agent ANY = new Agent("any", null);

        boolean allocates() {
            return this != NONE;
        }
    }

    /** What pipeline and stage share: agent, options, post; {@code none}/{@code any} read as properties. */
    public abstract static class Section {
        Agent agent;
        Options options;
        Post post;

        abstract String where();

        public Agent getNone() {
            return Agent.NONE;
        }

        public Agent getAny() {
            return Agent.ANY;
        }

        public void agent(Object value) {
            once(agent != null, "agent", where());
            if (value instanceof Agent a) {
                agent = a;
            } else if (value instanceof Closure<?> c) {
                AgentBlock block = read(c, new AgentBlock());
                if (block.label == null) {
                    throw new IllegalStateException("agent { } in " + where() + " names no label");
                }
                agent = new Agent("label", block.label);
            } else {
                throw new IllegalStateException(
                        "agent " + value + " in " + where() + ": use none, any or { label '...' }");
            }
        }

        public void options(Closure<?> c) {
            once(options != null, "options", where());
            options = read(c, new Options(where()));
        }

        public void post(Closure<?> c) {
            once(post != null, "post", where());
            post = read(c, new Post());
        }
    }

    /** {@code pipeline { ... }}. */
    public static final class Pipeline extends Section {
        final List<Parameter> parameters = new ArrayList<>();
        final List<String> crons = new ArrayList<>();
        List<Stage> stages;
        private boolean parametersSeen;
        private boolean triggersSeen;

        @Override
        String where() {
            return "pipeline";
        }

        public void parameters(Closure<?> c) {
            once(parametersSeen, "parameters", where());
            parametersSeen = true;
            parameters.addAll(read(c, new Parameters()).list);
        }

        public void triggers(Closure<?> c) {
            once(triggersSeen, "triggers", where());
            triggersSeen = true;
            crons.addAll(read(c, new Triggers()).crons);
        }

        public void stages(Closure<?> c) {
            once(stages != null, "stages", where());
            stages = read(c, new Stages()).list;
        }

        void validate() {
            if (agent == null) {
                throw new IllegalStateException("Missing required section 'agent' in pipeline");
            }
            if (stages == null || stages.isEmpty()) {
                throw new IllegalStateException(
                        "Missing required section 'stages' (with at least one stage) in pipeline");
            }
        }
    }

    /** {@code stages { stage('x') { ... } ... }}. */
    public static final class Stages {
        final List<Stage> list = new ArrayList<>();

        public void stage(String name, Closure<?> c) {
            if (list.stream().anyMatch(s -> s.name.equals(name))) {
                throw new IllegalStateException("Duplicate stage name: '" + name + "'");
            }
            Stage s = read(c, new Stage(name));
            if (s.steps == null) {
                throw new IllegalStateException("Stage '" + name + "' has no steps");
            }
            list.add(s);
        }
    }

    /** {@code stage('name') { agent, when, options, steps, post }}. */
    public static final class Stage extends Section {
        final String name;
        When when;
        Closure<?> steps;

        Stage(String name) {
            this.name = name;
        }

        @Override
        String where() {
            return "stage '" + name + "'";
        }

        public void when(Closure<?> c) {
            once(when != null, "when", where());
            when = read(c, new When());
        }

        public void steps(Closure<?> c) {
            once(steps != null, "steps", where());
            steps = c;
        }
    }

    /** {@code agent { label 'x' }}. */
    public static final class AgentBlock {
        String label;

        public void label(String value) {
            label = value;
        }
    }

    /** {@code options { timeout(...); timestamps(); buildDiscarder(logRotator(...)); ... }}. */
    public static final class Options {
        private static final Set<String> UNITS = Set.of("NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS",
                "MINUTES", "HOURS", "DAYS");
        private final String where;
        /** The timeout as {@code "<time> <unit>"}, or null. */
        String timeout;
        final List<String> others = new ArrayList<>();

        Options(String where) {
            this.where = where;
        }

        public void timeout(Map<String, Object> args) {
            once(timeout != null, "timeout option", where);
            timeout = timeoutText(args, "options of " + where);
        }

        public void timestamps() {
            others.add("timestamps");
        }

        public void disableConcurrentBuilds() {
            others.add("disableConcurrentBuilds");
        }

        public void skipDefaultCheckout() {
            others.add("skipDefaultCheckout");
        }

        public Map<String, Object> logRotator(Map<String, Object> args) {
            return args;
        }

        public void buildDiscarder(Object strategy) {
            others.add("buildDiscarder " + strategy);
        }

        /** {@code time} (positive) and {@code unit} (default MINUTES) of a timeout, checked as Jenkins does. */
        static String timeoutText(Map<String, Object> args, String where) {
            Object time = args.get("time");
            String unit = String.valueOf(args.getOrDefault("unit", "MINUTES"));
            if (!(time instanceof Number n) || n.longValue() <= 0) {
                throw new IllegalStateException(
                        "timeout in " + where + ": time " + time + " must be a positive number");
            }
            if (!UNITS.contains(unit)) {
                throw new IllegalStateException("timeout in " + where + ": unit " + unit + " is not one of " + UNITS);
            }
            return n.longValue() + " " + unit;
        }
    }

    /** A build parameter: string, choice or booleanParam. */
    public record Parameter(String name, String type, Object defaultValue, List<String> choices, boolean trim) {
    }

    /** {@code parameters { string(...); choice(...); booleanParam(...) }}. */
    public static final class Parameters {
        final List<Parameter> list = new ArrayList<>();

        public void string(Map<String, Object> args) {
            add(new Parameter(name(args), "string", args.getOrDefault("defaultValue", ""), List.of(),
                    Boolean.TRUE.equals(args.get("trim"))));
        }

        public void choice(Map<String, Object> args) {
            List<String> choices = ((List<?>) args.get("choices")).stream().map(String::valueOf).toList();
            if (choices.isEmpty()) {
                throw new IllegalStateException("choice parameter " + name(args) + " has no choices");
            }
            add(new Parameter(name(args), "choice", choices.get(0), choices, false));
        }

        public void booleanParam(Map<String, Object> args) {
            add(new Parameter(name(args), "boolean", Boolean.TRUE.equals(args.get("defaultValue")), List.of(), false));
        }

        private void add(Parameter p) {
            if (list.stream().anyMatch(q -> q.name().equals(p.name()))) {
                throw new IllegalStateException("parameter " + p.name() + " declared twice");
            }
            list.add(p);
        }

        private static String name(Map<String, Object> args) {
            Object name = args.get("name");
            if (name == null || name.toString().isBlank()) {
                throw new IllegalStateException("a parameter without a name: " + args);
            }
            return name.toString();
        }
    }

    /** {@code triggers { cron('...') }}. */
    public static final class Triggers {
        final List<String> crons = new ArrayList<>();

        public void cron(String spec) {
            crons.add(spec);
        }
    }

    /** One condition of a {@code when} block. */
    @FunctionalInterface
    interface Condition {
        boolean test(SimulatedJenkins jenkins);
    }

    /** {@code when { beforeAgent true; branch 'main'; expression { ... }; anyOf { ... } ... }}: all must hold. */
    public static final class When {
        boolean beforeAgent;
        final List<Condition> conditions = new ArrayList<>();

        public void beforeAgent(boolean value) {
            beforeAgent = value;
        }

        /** The branch being built matches an Ant-style pattern (Jenkins: env.BRANCH_NAME). */
        public void branch(String pattern) {
            conditions.add(j -> j.env.get("BRANCH_NAME") != null
                    && AntGlob.compile(pattern).matcher(String.valueOf(j.env.get("BRANCH_NAME"))).matches());
        }

        public void expression(Closure<?> c) {
            conditions.add(j -> DefaultTypeTransformation.castToBoolean(onScript(c).call()));
        }

        public void environment(Map<String, Object> args) {
            conditions.add(j -> String.valueOf(args.get("value")).equals(String.valueOf(j.env.get(args.get("name")))));
        }

        /** A cause of the build whose class name contains {@code cause}, e.g. 'TimerTrigger'. */
        public void triggeredBy(String cause) {
            conditions.add(j -> j.build.getBuildCauses().stream().anyMatch(m -> m.get("_class").contains(cause)));
        }

        public void anyOf(Closure<?> c) {
            List<Condition> nested = read(c, new When()).conditions;
            conditions.add(j -> nested.stream().anyMatch(n -> n.test(j)));
        }

        public void allOf(Closure<?> c) {
            List<Condition> nested = read(c, new When()).conditions;
            conditions.add(j -> nested.stream().allMatch(n -> n.test(j)));
        }

        public void not(Closure<?> c) {
            List<Condition> nested = read(c, new When()).conditions;
            if (nested.size() != 1) {
                throw new IllegalStateException("not { } takes exactly one condition, got " + nested.size());
            }
            conditions.add(j -> !nested.get(0).test(j));
        }

        boolean test(SimulatedJenkins jenkins) {
            return conditions.stream().allMatch(c -> c.test(jenkins));
        }
    }

    /** {@code post { always { } success { } ... }}, run in Jenkins's order of conditions. */
    public static final class Post {
        /** Jenkins's order; changed/fixed/regression need earlier builds and are not simulated. */
        static final List<String> ORDER = List.of("always", "aborted", "failure", "success", "unstable",
                "unsuccessful", "cleanup");
        final Map<String, Closure<?>> blocks = new LinkedHashMap<>();

        public void always(Closure<?> c) {
            add("always", c);
        }

        public void aborted(Closure<?> c) {
            add("aborted", c);
        }

        public void failure(Closure<?> c) {
            add("failure", c);
        }

        public void success(Closure<?> c) {
            add("success", c);
        }

        public void unstable(Closure<?> c) {
            add("unstable", c);
        }

        public void unsuccessful(Closure<?> c) {
            add("unsuccessful", c);
        }

        public void cleanup(Closure<?> c) {
            add("cleanup", c);
        }

        private void add(String condition, Closure<?> c) {
            once(blocks.containsKey(condition), condition + " condition", "post");
            blocks.put(condition, c);
        }

        /** Whether {@code condition} holds for a build or stage whose result is {@code result}. */
        static boolean holds(String condition, CurrentBuild.Result result) {
            return switch (condition) {
                case "always", "cleanup" -> true;
                case "aborted" -> result == CurrentBuild.Result.ABORTED;
                case "failure" -> result == CurrentBuild.Result.FAILURE;
                case "success" -> result == CurrentBuild.Result.SUCCESS;
                case "unstable" -> result == CurrentBuild.Result.UNSTABLE;
                case "unsuccessful" -> result != CurrentBuild.Result.SUCCESS;
                default -> throw new IllegalArgumentException(condition);
            };
        }
    }
}
