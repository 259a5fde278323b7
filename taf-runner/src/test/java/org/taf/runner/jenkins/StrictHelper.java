package org.taf.runner.jenkins;

import com.lesfurets.jenkins.unit.PipelineTestHelper;

/**
 * JenkinsPipelineUnit's helper without its default steps: JPU 1.1 allows dozens of steps as no-ops
 * ({@code input}, {@code withCredentials}, {@code step}, ...), which would let a Jenkinsfile call a
 * step nobody simulated and still pass. Here the allowed steps are exactly those {@link Steps}
 * registers; any other call fails the test as a missing method.
 */
final class StrictHelper extends PipelineTestHelper {
    void forgetSteps() {
        allowedMethodCallbacks.clear();
    }
}
