package org.taf.runner.workload;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an integration-test class whose {@link TestServer} is TAF's own engine (started in this JVM
 * by {@link MariaDbExtension}) instead of a throw-away MariaDB. Not inherited: a subclass of a
 * MariaDB test carrying it runs the same tests against the engine.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@interface UsesTafEngine {
}
