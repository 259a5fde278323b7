package org.taf.runner.config;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code docs/properties.md} is generated from the registry; this fails when the committed file is stale. */
class PropertiesReferenceTest {
    @Test
    void committedReferenceIsUpToDate() throws Exception {
        Path doc = Path.of("../docs/properties.md");
        Golden.assertMatches(doc, PropertiesReference.markdown(KeyRegistry.standard()),
                PropertiesReference.REGENERATE + " (from the repository root)");
    }
}
