package org.taf.runner.sys;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Test resources of this package as paths. */
final class Fixtures {
    private Fixtures() {}

    static Path dir(String name) {
        return file(name);
    }

    static Path file(String name) {
        URL url = Fixtures.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + name);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
