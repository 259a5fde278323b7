package org.taf.runner.jenkins;

/**
 * What {@code findFiles} returns for each file (the pipeline-utility-steps {@code FileWrapper}):
 * Groovy reads {@code .path}, {@code .name}, {@code .directory}, {@code .length} through the getters.
 */
public final class FoundFile {
    private final String path;
    private final long length;

    FoundFile(String path, long length) {
        this.path = path;
        this.length = length;
    }

    /** Relative to the directory findFiles ran in. */
    public String getPath() {
        return path;
    }

    public String getName() {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public boolean isDirectory() {
        return false;
    }

    public long getLength() {
        return length;
    }

    @Override
    public String toString() {
        return path;
    }
}
