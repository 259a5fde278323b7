package org.taf.runner.results;

import java.util.List;

/**
 * The JVM that ran the engine and how it was started.
 *
 * @param java     the java executable
 * @param version  what {@code java -version} says on its first line, e.g. {@code openjdk version "25" 2025-09-16}
 * @param args     the JVM arguments TAF passed ({@code launch.jvm_args}, plus the AOT cache's)
 * @param aotCache the ahead-of-time cache the engine started from, or null ({@code launch.aot_cache = false})
 * @param reason   why this JVM: {@code launch.java names it}, or what {@code launch.java = auto} found (a JDK 25
 *                 and where, or none and what was tried); format 4 on
 */
public record EngineJvmRecord(String java, String version, List<String> args, String aotCache, String reason) {
    private static final String AOT_CACHE = "-XX:AOTCache=";

    public EngineJvmRecord {
        args = List.copyOf(args);
    }

    /** The engine's JVM started with {@code args}; the AOT cache is the one they name, if any. */
    public EngineJvmRecord withArgs(List<String> newArgs) {
        String aot = newArgs.stream().filter(a -> a.startsWith(AOT_CACHE)).findFirst()
                .map(a -> a.substring(AOT_CACHE.length())).orElse(null);
        return new EngineJvmRecord(java, version, newArgs, aot, reason);
    }
}
