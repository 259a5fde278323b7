package org.taf.runner.jenkins;

import groovy.lang.Closure;

/**
 * A Java lambda as a Groovy {@link Closure}, the form JenkinsPipelineUnit takes step implementations
 * in. The arguments arrive as the pipeline passed them (a named-argument call gives one {@code Map}).
 */
final class Fn extends Closure<Object> {
    /** A step body: the call's arguments in, the step's return value out. */
    @FunctionalInterface
    interface Body {
        Object apply(Object[] args);
    }

    private final transient Body body;

    Fn(Body body) {
        super(null);
        this.body = body;
    }

    /** Called by Groovy for every arity: the varargs collect whatever the pipeline passed. */
    public Object doCall(Object... args) {
        return body.apply(args);
    }
}
