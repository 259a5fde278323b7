package org.taf.runner.jenkins;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The {@code currentBuild} global, with Jenkins's result rules: the result is unset (null) while the
 * build runs and set to SUCCESS at its end if nothing worsened it; setting it can only make it worse
 * (SUCCESS &lt; UNSTABLE &lt; FAILURE &lt; NOT_BUILT &lt; ABORTED); an unknown name is a script bug.
 */
public final class CurrentBuild {
    /** Jenkins's {@code hudson.model.Result}, in order of severity. */
    enum Result {
        SUCCESS, UNSTABLE, FAILURE, NOT_BUILT, ABORTED;

        /**
         * Case-insensitive, as Jenkins's {@code Result.fromString}; an unknown name throws instead of reading FAILURE.
         */
        static Result of(Object name) {
            for (Result r : values()) {
                if (r.name().equalsIgnoreCase(String.valueOf(name))) {
                    return r;
                }
            }
            throw new IllegalArgumentException("'" + name + "' is not a Jenkins result " + List.of(values()));
        }

        Result worst(Result other) {
            return other == null || compareTo(other) >= 0 ? this : other;
        }
    }

    private Result result;
    private String description;
    private final List<Map<String, String>> causes = new ArrayList<>();

    /** The result set so far, or null while nothing set one (Jenkins reads that as SUCCESS). */
    public String getResult() {
        return result == null ? null : result.name();
    }

    /** Worsens the result; a better one than the current is ignored, as Jenkins does. */
    public void setResult(Object name) {
        worsen(Result.of(name));
    }

    /** The result as it stands: SUCCESS while nothing worsened it. */
    public String getCurrentResult() {
        return current().name();
    }

    public String getDescription() {
        return description;
    }

    public void setDescription(Object description) {
        this.description = description == null ? null : description.toString();
    }

    /** The causes of the build whose class is {@code className} (Jenkins: {@code getBuildCauses(String)}). */
    public List<Map<String, String>> getBuildCauses(String className) {
        return causes.stream().filter(c -> className.equals(c.get("_class"))).toList();
    }

    public List<Map<String, String>> getBuildCauses() {
        return List.copyOf(causes);
    }

    public int getNumber() {
        return 1;
    }

    void worsen(Result r) {
        result = r.worst(result);
    }

    Result current() {
        return result == null ? Result.SUCCESS : result;
    }

    /** The end of the build: an unset result becomes SUCCESS. */
    void finish() {
        worsen(Result.SUCCESS);
    }

    void addCause(String className, String shortDescription) {
        causes.add(Map.of("_class", className, "shortDescription", shortDescription));
    }
}
